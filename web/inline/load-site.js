// Starts the site's JavaScript once the page's own content has arrived. A rendered public page
// is whole in its HTML (ADR 0038): its scripts only make it live. Asked for at once, their
// 130 KB shared a slow link with the page's largest picture and delayed it; asked for at the
// window's load event (the HTML's pictures and stylesheet in) and once those pictures are
// painted, they take the link and the processor after the content. A page whose pictures are
// slow goes live after three seconds anyway. ADR 0039.
{
  const script = document.currentScript;
  const entry = script.getAttribute('data-entry');
  const preloads = (script.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  let started = false;
  const startScripts = () => {
    const module = document.createElement('script');
    module.type = 'module';
    module.src = entry;
    document.body.append(module);
    // The entry's own imports and the page's chunks, asked for beside it rather than after it
    // is parsed. Each <link> costs the main thread 0.5-3 ms as the request starts (more with
    // DevTools open), so a page's thirty are added in tasks of about 2 ms each, whatever the
    // machine: six at a time made tasks of 8-20 ms, long ones on a phone.
    let next = 0;
    const preloadSome = () => {
      const until = performance.now() + 2;
      do {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = preloads[next];
        document.head.append(link);
        next += 1;
      } while (next < preloads.length && performance.now() < until);
      if (next < preloads.length) setTimeout(preloadSome, 0);
    };
    if (preloads.length > 0) setTimeout(preloadSome, 0);
  };
  // A page that carries only its own style rules (data-page-rules, ADR 0043) takes the whole
  // stylesheet, its disabled <link>, before the scripts: what they draw next is styled. Were
  // the stylesheet not to come, the site still runs.
  const start = () => {
    if (started) return;
    started = true;
    const stylesheets = document.querySelector('style[data-page-rules]')
      ? [...document.querySelectorAll('link[rel="stylesheet"][disabled]')]
      : [];
    let waiting = stylesheets.length;
    if (waiting === 0) return startScripts();
    const arrived = () => {
      waiting -= 1;
      if (waiting === 0) startScripts();
    };
    for (const link of stylesheets) {
      link.addEventListener('load', arrived, { once: true });
      link.addEventListener('error', arrived, { once: true });
      link.disabled = false;
    }
  };
  // Once the page's content and the meal pictures on screen are painted (Largest Contentful
  // Paint, and Element Timing through `elementtiming` on each picture), and a frame after
  // that: the page's largest element is then drawn before anything else is asked for, on a
  // slow phone whose load event comes before its first paint too. Where the browser does not
  // report paints, two frames after the load event (the first callback runs before a paint,
  // the second after it). The page's text counts too: its largest block (the home page's) is
  // painted by then.
  const painted = new Set();
  let whenPainted = null;
  const reportedEntryTypes = PerformanceObserver.supportedEntryTypes ?? [];
  const reportsPaints = reportedEntryTypes.includes('element');
  let contentPainted = !reportedEntryTypes.includes('largest-contentful-paint');
  if (reportsPaints) {
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) painted.add(entry.element);
      whenPainted?.();
    }).observe({ type: 'element', buffered: true });
  }
  if (!contentPainted) {
    new PerformanceObserver(() => {
      contentPainted = true;
      whenPainted?.();
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  }
  const onScreen = (picture) => {
    const box = picture.getBoundingClientRect();
    return box.width > 0 && box.bottom > 0 && box.top < innerHeight;
  };
  const startAfterPaint = () => {
    const pictures = reportsPaints
      ? [...document.querySelectorAll('img[elementtiming]')].filter(
          (picture) => picture.complete && picture.naturalWidth > 0 && onScreen(picture),
        )
      : [];
    whenPainted = () => {
      if (!contentPainted || !pictures.every((picture) => painted.has(picture))) return;
      whenPainted = null;
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
    };
    whenPainted();
  };
  if (document.readyState === 'complete') startAfterPaint();
  else window.addEventListener('load', startAfterPaint, { once: true });
  // Whatever holds the load event or the frames (a stalled picture, a tab in the background,
  // where no frame is drawn), the page goes live.
  setTimeout(start, 3000);
}
