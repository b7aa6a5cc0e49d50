/**
 * The recorder that runs in the bank's SCA page while the tester records (docs/sca.md,
 * "Recording SCA steps"). It only observes and reports facts (events.ts): the page's marks, what
 * was typed, and at each form submission the button pressed and the final state of the form's
 * boxes and options. Every decision — what becomes a step, what is a secret, which selector — is
 * made in main by plain functions (to-steps.ts, secrets.ts, selectors.ts).
 *
 * It is JavaScript text, not a compiled function, because it runs in a page of another origin:
 * the web host adds it to the bank's pages it relays (main/hosts/web/sca-record-proxy.ts), the
 * desktop app runs it in the SCA window (main/hosts/electron/sca-recorder.ts). Each host gives it
 * a way to send its reports back.
 */
import { parseRecordedBatch, type RecordedEvent } from './events.js';

/** `function (send) { … }`: installs the recorder once per document; `send(batch)` reports. */
export const PAGE_RECORDER_FUNCTION = String.raw`function (send) {
  if (window.__psd2WorkbenchRecorder) return;
  window.__psd2WorkbenchRecorder = true;
  var MARKS = '[data-step],[data-page],[data-view],[data-screen]';
  var SHOWN = /^(OUTPUT|SPAN|STRONG|B|CODE|P|DIV|TD|DD|SAMP|KBD|MARK|EM|LI)$/;
  var queue = [];
  var clean = function (text, max) { return String(text || '').replace(/\s+/g, ' ').trim().slice(0, max); };
  var seq = function () { return performance.timeOrigin + performance.now(); };
  var attrs = function (el) {
    var out = {};
    for (var i = 0; i < el.attributes.length && i < 60; i++) {
      var a = el.attributes[i];
      // The value attribute of a field one types into is never reported (a page may mirror
      // what was typed into it); the typed value travels only in input reports.
      if (a.name === 'value' && typed(el)) continue;
      out[a.name.slice(0, 100)] = String(a.value).slice(0, 2000);
    }
    return out;
  };
  var info = function (el, withText) {
    var out = { tag: el.tagName.toLowerCase(), attributes: attrs(el) };
    var label = el.labels && el.labels.length > 0 ? el.labels[0].textContent : el.getAttribute('aria-label');
    if (label) out.label = clean(label, 500);
    if (withText) { var text = clean(el.textContent, 500); if (text) out.text = text; }
    return out;
  };
  var push = function (event) { event.seq = seq(); event.url = location.href; queue.push(event); };
  var flush = function () { if (queue.length > 0) send(queue.splice(0, queue.length)); };
  var shownAt = function (value) {
    var all = document.body ? document.body.getElementsByTagName('*') : [];
    for (var i = 0; i < all.length; i++) {
      var el = all[i];
      if (el.children.length === 0 && SHOWN.test(el.tagName) && clean(el.textContent, 4000) === value) return el;
    }
    return null;
  };
  var typed = function (el) {
    if (el.tagName === 'TEXTAREA') return true;
    if (el.tagName !== 'INPUT') return false;
    return !/^(checkbox|radio|hidden|submit|button|reset|image|file)$/i.test(el.type || '');
  };
  push({ kind: 'page', title: clean(document.title, 500),
    marks: Array.prototype.slice.call(document.querySelectorAll(MARKS), 0, 40).map(function (el) { return info(el, false); }) });
  flush();
  document.addEventListener('input', function (ev) {
    var el = ev.target;
    if (!el || !typed(el)) return;
    var event = { kind: 'input', field: info(el, false), value: String(el.value).slice(0, 4000) };
    if (el.form) event.form = info(el.form, false);
    push(event);
  }, true);
  document.addEventListener('submit', function (ev) {
    var form = ev.target;
    var controls = [];
    var shown = [];
    Array.prototype.forEach.call(form.elements, function (el) {
      var type = String(el.type || '').toLowerCase();
      if (el.tagName === 'INPUT' && (type === 'checkbox' || type === 'radio')) {
        controls.push({ field: info(el, false), checked: !!el.checked });
      } else if (el.tagName === 'SELECT') {
        var option = el.options[el.selectedIndex];
        controls.push({ field: info(el, false), value: String(el.value), optionLabel: option ? clean(option.textContent, 500) : '' });
      } else if (typed(el) && el.name && String(el.value).length >= 4) {
        var at = shownAt(String(el.value).trim());
        if (at) shown.push({ field: el.name, element: info(at, false) });
      }
    });
    var event = { kind: 'submit', form: info(form, false), controls: controls.slice(0, 500), shown: shown.slice(0, 20) };
    if (ev.submitter) event.button = info(ev.submitter, true);
    push(event);
    flush();
  }, true);
}`;

/** How the page's reports reach main. */
export type RecorderTransport =
  /** A same-origin POST (sendBeacon survives the form's navigation): the web host's relay. */
  | { kind: 'beacon'; endpoint: string }
  /** A console line with a prefix: the desktop app reads the SCA window's console. */
  | { kind: 'console'; prefix: string };

/** The script to run in the bank's page. */
export function pageRecorderScript(transport: RecorderTransport): string {
  const send =
    transport.kind === 'beacon'
      ? `function (batch) { navigator.sendBeacon(${JSON.stringify(transport.endpoint)}, new Blob([JSON.stringify(batch)], { type: 'text/plain' })); }`
      : `function (batch) { console.debug(${JSON.stringify(transport.prefix)} + JSON.stringify(batch)); }`;
  return `(${PAGE_RECORDER_FUNCTION})(${send});`;
}

/** The console prefix the desktop app's SCA window reports with. */
export const CONSOLE_PREFIX = '[psd2-workbench-recorder] ';

/**
 * Reads one console line of the SCA window: its reports, undefined for any other line, an Error
 * naming what is wrong for a line with the prefix that is not a valid batch.
 */
export function recordedBatchOfConsole(line: string): RecordedEvent[] | undefined {
  if (!line.startsWith(CONSOLE_PREFIX)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line.slice(CONSOLE_PREFIX.length));
  } catch {
    throw new Error('a recorder console line must carry a JSON array');
  }
  return parseRecordedBatch(value);
}
