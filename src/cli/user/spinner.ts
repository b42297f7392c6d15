/**
 * A one-line spinner on stderr, drawn only on a terminal (a pipe or a test sees nothing of it).
 * Written here rather than taken as a dependency: it is a dozen lines.
 */
interface Spinner {
  stop(finalLine?: string): void;
}

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export function startSpinner(stream: NodeJS.WriteStream, text: string): Spinner {
  if (!stream.isTTY) return { stop: (line) => void (line === undefined ? undefined : stream.write(line + '\n')) };
  let frame = 0;
  const draw = () => stream.write(`\r${frames[frame++ % frames.length]} ${text}`);
  draw();
  const timer = setInterval(draw, 80);
  return {
    stop(line) {
      clearInterval(timer);
      stream.write('\r\x1b[2K');
      if (line !== undefined) stream.write(line + '\n');
    },
  };
}
