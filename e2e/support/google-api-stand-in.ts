import type { BrowserContext } from '@playwright/test';

// Firebase Auth's pop-up sign-in (and the Auth emulator's helper iframe) talk through Google's
// `gapi.iframes` script from apis.google.com, which this network cannot reach. This stand-in
// gives both sides the few calls they use (load, open, register, send, ping, restyle) over
// postMessage, so the real pop-up flow of the emulator runs end to end.
const gapiStandIn = String.raw`(function () {
  var marker = '__gapiStandIn';
  var anyFrame = function () { return true; };

  function Channel(target) {
    this.target = target;
    this.handlers = {};
    this.waiting = {};
    this.queued = {};
    this.replies = {};
    this.nextId = 1;
    this.ready = false;
    this.readyCallbacks = [];
  }
  Channel.prototype.post = function (message) {
    message[marker] = true;
    this.target().postMessage(message, '*');
  };
  Channel.prototype.register = function (type, handler) {
    this.handlers[type] = handler;
    var queued = this.queued[type] || [];
    delete this.queued[type];
    for (var i = 0; i < queued.length; i++) this.answer(queued[i]);
  };
  Channel.prototype.answer = function (message) {
    var handler = this.handlers[message.type];
    if (!handler) {
      (this.queued[message.type] = this.queued[message.type] || []).push(message);
      return;
    }
    var self = this;
    Promise.resolve(handler(message.data)).then(function (result) {
      self.post({ kind: 'reply', id: message.id, result: [result] });
    });
  };
  Channel.prototype.send = function (type, data, callback) {
    var id = this.nextId++;
    if (callback) this.replies[id] = callback;
    this.post({ kind: 'call', id: id, type: type, data: data });
  };
  Channel.prototype.receive = function (message) {
    if (message.kind === 'call') this.answer(message);
    else if (message.kind === 'reply' && this.replies[message.id]) {
      var callback = this.replies[message.id];
      delete this.replies[message.id];
      callback(message.result);
    } else if (message.kind === 'ready') {
      this.ready = true;
      this.readyCallbacks.splice(0).forEach(function (callback) { callback(); });
    }
  };
  Channel.prototype.ping = function (callback) {
    var self = this;
    return new Promise(function (resolve) {
      var done = function () { if (callback) callback(); resolve(); };
      if (self.ready) done();
      else self.readyCallbacks.push(done);
    });
  };
  Channel.prototype.restyle = function () { return Promise.resolve(); };

  var parentChannel = null;
  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      var style = (options.attributes && options.attributes.style) || {};
      for (var key in style) frame.style[key] = style[key];
      frame.setAttribute('aria-hidden', 'true');
      frame.tabIndex = -1;
      var channel = new Channel(function () { return frame.contentWindow; });
      window.addEventListener('message', function (event) {
        if (event.source === frame.contentWindow && event.data && event.data[marker]) channel.receive(event.data);
      });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      return Promise.resolve(onOpen ? onOpen(channel) : channel);
    },
    getParentIframe: function () {
      if (!parentChannel) {
        parentChannel = new Channel(function () { return window.parent; });
        window.addEventListener('message', function (event) {
          if (event.source === window.parent && event.data && event.data[marker]) parentChannel.receive(event.data);
        });
        parentChannel.post({ kind: 'ready' });
      }
      return parentChannel;
    },
  };

  window.gapi = window.gapi || {};
  window.gapi.iframes = { getContext: function () { return context; }, Iframe: function () {}, CROSS_ORIGIN_IFRAMES_FILTER: anyFrame };
  window.gapi.load = function (_name, config) {
    var callback = typeof config === 'function' ? config : config && config.callback;
    setTimeout(function () { if (callback) callback(); }, 0);
  };

  var script = document.currentScript;
  var onload = script && /[?&]onload=([^&]+)/.exec(script.src);
  setTimeout(function () {
    if (onload && typeof window[onload[1]] === 'function') window[onload[1]]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();`;

/** Answers apis.google.com/js/api.js with the stand-in, and blocks the CDNs of the emulator's pages. */
export async function installGoogleApiStandIn(context: BrowserContext) {
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: gapiStandIn }),
  );
  await context.route(/unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com/, (route) => route.abort());
}
