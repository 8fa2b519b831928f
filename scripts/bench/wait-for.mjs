/** Waits until `url` answers 2xx, failing early if the server process exits (the bench scripts' start). */
export async function waitFor(url, child, seconds = 180) {
  for (let waited = 0; waited < seconds * 4; waited += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}
