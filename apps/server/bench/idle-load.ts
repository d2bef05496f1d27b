/**
 * `pnpm bench:server -- --idle-load`: a busy loop in a process of its own at the lowest
 * scheduling class Linux has (SCHED_IDLE, through chrt), beside the measured tables. It
 * asks for nothing but a core nobody else wants, as the bot pool's threads do: whatever it
 * does to the tables' p99 is what any background work costs on this machine, the yardstick
 * for what the strong bots' searches cost (issue 10).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';

export interface IdleLoad {
  stop(): void;
}

/** Whether this machine can run the idle load (Linux with chrt). */
export function idleLoadAvailable(): boolean {
  try {
    execFileSync('chrt', ['--idle', '0', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function startIdleLoad(): IdleLoad {
  const child: ChildProcess = spawn('chrt', ['--idle', '0', process.execPath, '-e', 'for (;;) {}'], {
    stdio: 'ignore',
  });
  return {
    stop() {
      child.kill('SIGKILL');
    },
  };
}
