// A process whose parent does not reap it: killed, it stays a zombie (state Z in /proc/PID/stat) until
// the test lets the parent go. That is how a `pos sync` or a web shell killed with its whole process
// group stays on a host whose PID 1 reaps no orphans (a container's, a kiosk's), where `kill -0` still
// finds it. The parent is perl (in every Debian: perl-base), which, unlike Node, reaps nothing by
// itself: it forks, the child leads a process group of its own and runs the command, the parent
// prints the child's pid and waits for its stdin to close before it reaps the child.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { onTestFinished } from 'vitest';

const PARENT = `
my $pid = fork() // die "fork: $!";
if ($pid == 0) { setpgrp(0, 0); exec { $ARGV[0] } @ARGV or die "exec: $!"; }
$| = 1; print "$pid\\n";
while (<STDIN>) {}
kill 'KILL', -$pid;
waitpid($pid, 0);
`;

export interface Unreaped {
  /** The command's process, the leader of its own process group. */
  readonly pid: number;
  /** Its stdout and stderr so far (the parent's pid line left out). */
  output(): string;
  /** kill -9 of its whole process group. */
  killGroup(): void;
  /** Its state letter in /proc/PID/stat ('Z' a zombie), or undefined once it is gone. */
  state(): string | undefined;
}

/** Runs `command args` under a parent that never reaps it until the test ends. */
export async function startUnreaped(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<Unreaped> {
  const parent = spawn('perl', ['-e', PARENT, command, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  onTestFinished(() => {
    parent.stdin.end(); // the parent kills what is left of the group and reaps the child
  });
  let out = '';
  parent.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  parent.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  const pid = await new Promise<number>((resolve, reject) => {
    const seen = (): void => {
      const m = /^(\d+)\n/.exec(out);
      if (m?.[1] === undefined) return;
      parent.stdout.off('data', seen);
      resolve(Number(m[1]));
    };
    parent.stdout.on('data', seen);
    parent.once('error', reject);
    parent.once('exit', (code) => reject(new Error(`perl exited (${code}) before its child ran:\n${out}`)));
  });
  return {
    pid,
    output: () => out.replace(/^\d+\n/, ''),
    killGroup: () => process.kill(-pid, 'SIGKILL'),
    state: () => stateOf(pid),
  };
}

export function stateOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}
