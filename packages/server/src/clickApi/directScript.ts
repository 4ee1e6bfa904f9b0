import { DIRECT_COOKIE_PREFIX, TRACKING_PATHS } from '@cairn/contract';

// The direct-tracking script (`/t.js?key=<campaign key>`), for traffic that lands on the lander itself
// (ad platforms that refuse redirects). It runs on the lander's page: unless the page's own first-party
// cookie already holds this campaign's click (a reload, a second page), it asks the tracker for a click
// with the page's URL parameters and referrer, keeps the click id in that cookie for a day, puts it into
// every link holding {clickid} (the lander's link to the offer through the tracker), and exposes it as
// window.cairn.clickId and a `cairn:click` event. It is plain ES2017 with no dependency, small enough to
// read before pasting.

export const DIRECT_SCRIPT = `(function () {
  'use strict';
  var script = document.currentScript;
  if (!script) return;
  var source = new URL(script.src);
  var key = source.searchParams.get('key') || '';
  if (!key) return;
  var name = '${DIRECT_COOKIE_PREFIX}' + key.replace(/[^A-Za-z0-9_-]/g, '');
  var ready = function (clickId) {
    window.cairn = window.cairn || {};
    window.cairn.clickId = clickId;
    var fill = function () {
      var links = document.querySelectorAll('a[href*="{clickid}"], a[href*="%7Bclickid%7D"]');
      for (var i = 0; i < links.length; i += 1) {
        links[i].href = links[i].href.replace(/\\{clickid\\}|%7Bclickid%7D/gi, encodeURIComponent(clickId));
      }
      document.dispatchEvent(new CustomEvent('cairn:click', { detail: { clickId: clickId } }));
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fill);
    else fill();
  };
  var kept = document.cookie.split('; ').filter(function (pair) {
    return pair.indexOf(name + '=') === 0;
  })[0];
  if (kept) {
    ready(decodeURIComponent(kept.slice(name.length + 1)));
    return;
  }
  var query = new URLSearchParams(location.search);
  query.set('key', key);
  query.set('referrer', document.referrer);
  fetch(source.origin + '${TRACKING_PATHS.direct}?' + query.toString(), { credentials: 'omit' })
    .then(function (response) {
      return response.json();
    })
    .then(function (click) {
      if (!click || click.status !== 'routed') return;
      document.cookie =
        name + '=' + encodeURIComponent(click.clickId) + '; Max-Age=86400; Path=/; SameSite=Lax' +
        (location.protocol === 'https:' ? '; Secure' : '');
      ready(click.clickId);
    })
    .catch(function () {});
})();
`;
