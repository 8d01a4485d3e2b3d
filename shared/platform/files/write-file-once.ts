/**
 * Creates a private file (0600) exactly once: the content goes to a temporary name and is hard-linked
 * into place, so concurrent callers never see a partial file and the first one wins. Returns false when
 * the file already existed (the caller then reads what is there).
 */
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export async function writeFileOnce(path: string, content: string): Promise<boolean> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temporary = join(dir, `.${basename(path)}-${randomBytes(8).toString('hex')}.tmp`);
  await writeFile(temporary, content, { mode: 0o600, flag: 'wx' });
  try {
    await chmod(temporary, 0o600);
    await link(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    await unlink(temporary);
  }
}
