// Reads the web shell's event stream (text/event-stream) from a fetch() body. EventSource would read
// it for us, but it cannot send a request header, and the shell's event stream wants the launch
// pass's header (web-transport.ts; the calls carry the pass as their socket's first message). Only what the shell writes is read: `event:` and `data:`
// fields, `:` comments (the heartbeat), a blank line ending each event; no ids, no retry.

/** Returns the function to feed each decoded chunk to; `onEvent` gets every complete event. */
export function eventStreamReader(onEvent: (name: string, data: string) => void): (chunk: string) => void {
  let pending = '';
  let name = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent(name === '' ? 'message' : name, data.join('\n'));
      name = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  };
  return (chunk) => {
    pending += chunk;
    let end;
    while ((end = pending.indexOf('\n')) >= 0) {
      line(pending.slice(0, end).replace(/\r$/, ''));
      pending = pending.slice(end + 1);
    }
  };
}
