// api.js: requests to the archon API. The session cookie authenticates;
// the page never sees a token. Every failure becomes an ApiError whose
// message is fit to show.

import { $, h } from './dom.js';

const HEADERS = { 'X-Archon-UI': '1', 'Content-Type': 'application/json' };

/** ApiError is an answer that is not a success, or no answer (status 0). */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

// signInBanner shows or hides the banner that sends the user to sign in.
function signInBanner(show) {
  const banner = $('banner');
  if (!show) {
    banner.hidden = true;
    banner.replaceChildren();
    return;
  }
  banner.replaceChildren('This archon needs its token: ', h('a', { href: '/ui/login' }, 'sign in'));
  banner.hidden = false;
}

// parse reads a JSON body; an empty body is null.
async function parse(res) {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    if (!res.ok) return null;
    throw new ApiError(res.status, 'bad_answer', `archon answered ${res.url} with something that is not JSON`);
  }
}

// failure turns an error answer into an ApiError, from the envelope
// {"error": {"code", "message"}} when there is one.
function failure(res, data) {
  const e = data?.error;
  if (e?.message) return new ApiError(res.status, e.code, e.message);
  return new ApiError(res.status, 'http', `HTTP ${res.status} ${res.statusText}`.trim());
}

/** request sends one API request and returns its JSON answer. */
export async function request(method, path, body) {
  let res;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: HEADERS,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network', 'Network error: archon does not answer. Is archon serve still running?');
  }
  signInBanner(res.status === 401);
  const data = await parse(res);
  if (!res.ok) throw failure(res, data);
  return data;
}

export const get = (path) => request('GET', path);
export const post = (path, body) => request('POST', path, body);
export const put = (path, body) => request('PUT', path, body);
