// Before the first test file: the renderer bundle the web shells serve is built once, here, so no test
// file's web shell spends its start-up hook building it on two cores shared with the other files
// (seen: a smoke test's shell not ready in 60 s while another file's shell was building).
import { ensureRendererBuilt } from '../../main/web/build.ts';

export default async function setup(): Promise<void> {
  await ensureRendererBuilt((line) => process.stderr.write(`${line}\n`));
}
