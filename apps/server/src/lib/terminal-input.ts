/**
 * A line typed on the terminal without echoing it (a passphrase): the terminal in raw mode, the
 * characters gathered here, Enter ends it, Ctrl+C stops the process, Backspace removes one.
 */
export function readHidden(question: string): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve) => {
    let typed = '';
    const wasRaw = input.isRaw;
    // Echo off before the question shows: what is typed at once after it is never echoed.
    input.setRawMode?.(true);
    process.stdout.write(question);
    input.resume();
    input.setEncoding('utf8');
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          input.off('data', onData);
          input.setRawMode?.(wasRaw);
          input.pause();
          process.stdout.write('\n');
          resolve(typed);
          return;
        }
        if (ch === '\u0003') {
          input.setRawMode?.(wasRaw);
          process.stdout.write('\n');
          process.exit(130);
        }
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    input.on('data', onData);
  });
}
