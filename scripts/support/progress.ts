// Progress for the command-line scripts: a bar that redraws itself on a terminal, plain lines when the output
// goes to a file or a service's log (a line every tenth of the way, so a log is not flooded).
import cliProgress from "cli-progress";
import { formatBytes } from "../../app/lib/format.ts";

export type Progress = { update(done: number, total: number, bytes: number): void; stop(): void };

export function createProgress(label: string, stream: NodeJS.WriteStream = process.stdout): Progress {
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: `${label} [{bar}] {value}/{total} files, {size}`, hideCursor: true, stream, barsize: 30 },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(done, total, bytes) {
        if (!started) bar.start(total, 0, { size: formatBytes(0) });
        started = true;
        bar.setTotal(total);
        bar.update(done, { size: formatBytes(bytes) });
      },
      stop: () => started && bar.stop(),
    };
  }
  let lastTenth = -1;
  return {
    update(done, total, bytes) {
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      stream.write(`${label}: ${done}/${total} files, ${formatBytes(bytes)}\n`);
    },
    stop() {},
  };
}
