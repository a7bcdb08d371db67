// A built portal stand-in for server tests: the two HTML entries and one hashed asset.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function tempWebDir(): string {
  const webDir = mkdtempSync(path.join(tmpdir(), 'fleet-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<html>portal</html>');
  writeFileSync(path.join(webDir, 'embedded.html'), '<html>embedded</html>');
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
  return webDir;
}
