// Bytes into lines: however the port chunks them, each line once, whole, in order.
import { describe, expect, it } from 'vitest';
import { LineSplitter, type LineEnd } from './lines.ts';

function feed(lineEnd: LineEnd, chunks: readonly string[]): string[] {
  const splitter = new LineSplitter(lineEnd);
  return chunks.flatMap((chunk) => splitter.push(Buffer.from(chunk, 'latin1')));
}

describe('LineSplitter', () => {
  it('joins a code split across reads and splits codes sent in one read', () => {
    expect(feed('any', ['8591', '010000019\r', '\n8591010000026\r\n859'])).toEqual([
      '8591010000019',
      '8591010000026',
    ]);
  });

  it("'any' ends a line at CR, LF or CR LF, and a pair counts once (also split across reads)", () => {
    expect(feed('any', ['1\r2\n3\r\n4\r', '\n5\n\n'])).toEqual(['1', '2', '3', '4', '5']);
  });

  it('ends lines only at the end set', () => {
    expect(feed('crlf', ['12\r34\r\n'])).toEqual(['1234']);
    expect(feed('tab', ['123\t456\r\n\t'])).toEqual(['123', '456']);
    expect(feed('cr', ['123\n\r'])).toEqual(['123']);
    expect(feed('lf', ['123\r\n'])).toEqual(['123']);
  });

  it("drops a scanner's framing (STX, ETX) but keeps GS, the GS1 separator", () => {
    expect(feed('any', ['\u000201012345678901281710\u001d2112345\u0003\r\n'])).toEqual([
      '01012345678901281710\u001d2112345',
    ]);
  });

  it('keeps a UTF-8 character split across reads whole', () => {
    const splitter = new LineSplitter('lf');
    const bytes = Buffer.from('Žluť\n', 'utf8');
    expect([...splitter.push(bytes.subarray(0, 1)), ...splitter.push(bytes.subarray(1))]).toEqual(['Žluť']);
  });

  it('forgets an unfinished line when asked, so it never joins the next', () => {
    const splitter = new LineSplitter('any');
    expect(splitter.push(Buffer.from('859101'))).toEqual([]);
    expect(splitter.drop()).toBe('859101');
    expect(splitter.push(Buffer.from('8591010000019\r\n'))).toEqual(['8591010000019']);
  });
});
