import { readFile } from 'node:fs/promises';

/** The records of a JSON-lines file (one JSON value a line), oldest first; none while it does not exist. */
export async function readJsonLines<Record>(file: string): Promise<Record[]> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record);
}
