/**
 * Reads a newline-delimited JSON stream (`application/x-ndjson`) as it arrives: bytes are decoded
 * with TextDecoderStream, split on new lines (a line may span several chunks, a chunk may hold
 * several lines), and each non-empty line is parsed on its own. A last line without a new line is
 * still read when the stream ends. A line that is not JSON throws: the stream is broken.
 */
export async function* readNdjson(stream: ReadableStream<BufferSource>): AsyncGenerator<unknown, void, undefined> {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        finished = true;
        break;
      }
      buffered += value;
      let newline = buffered.indexOf('\n');
      while (newline !== -1) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (line !== '') yield JSON.parse(line) as unknown;
        newline = buffered.indexOf('\n');
      }
    }
    const last = buffered.trim();
    if (last !== '') yield JSON.parse(last) as unknown;
  } finally {
    // Left early (the reader stopped, or a line was not JSON): stop the download too.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
