import { spawn, type ChildProcess } from 'node:child_process';
import { PROJECT_ROOT } from '../app.ts';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
}

/**
 * Starts the real server, `node --import tsx server/main.ts`, on a free port with the given
 * settings (warnings only in its log); resolves once it listens, rejects with its output if it
 * exits first. For the tests that need a process of its own: signals, several instances, load.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', TEST_DATABASE: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      const port = /running at http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)?.[1];
      if (port) resolve({ child, port: Number(port), baseUrl: `http://127.0.0.1:${port}` });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}
