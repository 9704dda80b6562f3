// Starts the site's JavaScript once the page's own content has arrived. A rendered public page
// is whole in its HTML (ADR 0038): its scripts only make it live. Asked for at once, their
// 130 KB shared a slow link with the page's largest picture and delayed it; asked for at the
// window's load event (the HTML's pictures and stylesheet in) and after the next paint, they
// take the link and the processor after the content. A page whose pictures are slow goes live
// after three seconds anyway. ADR 0039.
{
  const script = document.currentScript;
  const entry = script.getAttribute('data-entry');
  const preloads = (script.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  let started = false;
  const startScripts = () => {
    // The entry's own imports, asked for beside it rather than after it is parsed.
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    const module = document.createElement('script');
    module.type = 'module';
    module.src = entry;
    document.body.append(module);
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
  // After the frame that follows: a page whose load event comes before its first paint (a
  // long stylesheet to apply on a slow phone) paints first, then asks for the scripts.
  const startAfterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === 'complete') startAfterPaint();
  else {
    window.addEventListener('load', startAfterPaint, { once: true });
    setTimeout(start, 3000);
  }
}
