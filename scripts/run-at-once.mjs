// Run shell commands side by side and fail when any fails: the checks `npm test` runs first
// (typecheck, lint) are each one single-threaded process, so on a machine with more than one core
// they finish sooner together than one after another. Each command's output is printed whole
// when it ends, so the outputs do not interleave.
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/run-at-once.mjs "<command>" ["<command>" …]');
  process.exit(2);
}

const results = await Promise.all(
  commands.map(
    (command) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (code, signal) => {
          const status = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
          process.stdout.write(`\n> ${command}: ${status} in ${((Date.now() - started) / 1000).toFixed(1)} s\n${Buffer.concat(output).toString()}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exitCode = results.every(Boolean) ? 0 : 1;
