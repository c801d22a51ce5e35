import { describe, expect, it } from 'vitest';
import { eventStreamReader } from './event-stream.ts';

function read(chunks: readonly string[]): [string, string][] {
  const got: [string, string][] = [];
  const feed = eventStreamReader((name, data) => got.push([name, data]));
  for (const chunk of chunks) feed(chunk);
  return got;
}

describe("eventStreamReader (the web shell's server-sent events, read from a fetch body)", () => {
  it('gives each event its name and data; comments and heartbeats are skipped', () => {
    expect(
      read([
        ': connected\n\n',
        'event: status.changed\ndata: {"a":1}\n\n',
        ': hb\n\n',
        'event: sync.progress\ndata: {}\n\n',
      ]),
    ).toEqual([
      ['status.changed', '{"a":1}'],
      ['sync.progress', '{}'],
    ]);
  });

  it('joins an event split across chunks anywhere, CRLF line ends too', () => {
    const text =
      'event: outbox.changed\r\ndata: {"id":7}\r\n\r\nevent: connectivity\ndata: {"online":true}\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      expect(read([text.slice(0, cut), text.slice(cut)])).toEqual([
        ['outbox.changed', '{"id":7}'],
        ['connectivity', '{"online":true}'],
      ]);
    }
  });

  it('joins several data lines with newlines and names an unnamed event "message"', () => {
    expect(read(['data: a\ndata: b\n\n', 'data:c\n\n'])).toEqual([
      ['message', 'a\nb'],
      ['message', 'c'],
    ]);
  });

  it('gives nothing for an event the stream has not finished (no blank line yet)', () => {
    expect(read(['event: status.changed\ndata: {}\n'])).toEqual([]);
  });
});
