import { spawn, type SpawnOptions } from 'node:child_process';

/**
 * Runs a command with its output (stdout and stderr, interleaved) kept rather than shown, for
 * tools that say it only when the command fails. Rejects only when it cannot start.
 */
export function runForOutput(
  command: string,
  args: string[],
  options: Omit<SpawnOptions, 'stdio'>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr?.on('data', (data: Buffer) => (output += data.toString()));
    child.on('error', fail);
    child.on('exit', (code) => done({ code, output }));
  });
}
