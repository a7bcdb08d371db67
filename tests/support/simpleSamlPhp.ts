// A real SAML 2.0 identity provider for tests: Debian's SimpleSAMLphp (package `simplesamlphp`,
// installed by .ci/run) served by `php -S` on a free loopback port, with its own signing key, one
// user and a configuration folder of its own. Service providers are added while it runs: its
// metadata files are read at every request. Under CI's moved clock (fakeClock.mjs) PHP reads the
// same moved clock through libfaketime (Debian package `faketime`), or every assertion it signs
// would look years old or not yet valid to the portal.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeClockOffsetMs } from './fakeClock.mjs';
import { partAvailable } from './optionalParts.ts';

export const SIMPLESAMLPHP_WWW = '/usr/share/simplesamlphp/www';

/** Whether SimpleSAMLphp and PHP are installed (CI installs them; its tests must not skip there). */
export const simpleSamlPhpInstalled = () =>
  existsSync(SIMPLESAMLPHP_WWW) && spawnSync('php', ['--version']).status === 0;

/** Whether the SAML tests run here: each file that needs the provider asks once. */
export const samlAvailable = () =>
  partAvailable(
    'SimpleSAMLphp',
    simpleSamlPhpInstalled(),
    'apt-get install simplesamlphp php-cli php-xml php-mbstring',
  );

export interface SamlTestUser {
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface SimpleSamlPhp {
  url: string;
  metadataUrl: string;
  /** The IdP's signing certificate (PEM). */
  certificate: string;
  addServiceProvider(entityId: string, acsUrl: string): void;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });

/** A PHP single-quoted string literal of the JSON of a value. */
const phpJson = (value: unknown): string =>
  `json_decode('${JSON.stringify(value).replaceAll('\\', '\\\\').replaceAll("'", "\\'")}', true)`;

const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

function movedClock(): Record<string, string> {
  if (fakeClockOffsetMs === 0) return {};
  if (!existsSync(LIBFAKETIME))
    throw new Error(`The moved clock needs libfaketime (${LIBFAKETIME}): apt-get install faketime`);
  const seconds = Math.round(fakeClockOffsetMs / 1000);
  return { LD_PRELOAD: LIBFAKETIME, FAKETIME: `${seconds >= 0 ? '+' : ''}${seconds}s` };
}

export async function startSimpleSamlPhp(users: SamlTestUser[]): Promise<SimpleSamlPhp> {
  const dir = mkdtempSync(join(tmpdir(), 'simplesamlphp-'));
  for (const sub of ['metadata', 'cert', 'log', 'data', 'tmp', 'sessions'])
    mkdirSync(join(dir, sub));
  const keyFile = join(dir, 'cert', 'idp.pem');
  const certFile = join(dir, 'cert', 'idp.crt');
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '3',
    '-subj',
    '/CN=test-idp',
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ]);
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr.toString()}`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const config = {
    baseurlpath: url,
    certdir: join(dir, 'cert') + '/',
    loggingdir: join(dir, 'log') + '/',
    datadir: join(dir, 'data') + '/',
    tempdir: join(dir, 'tmp'),
    metadatadir: join(dir, 'metadata') + '/',
    attributenamemapdir: '/etc/simplesamlphp/attributemap/',
    secretsalt: `salt-${port}-${Date.now()}`,
    'auth.adminpassword': `admin-${Date.now()}`,
    timezone: 'UTC',
    'logging.handler': 'file',
    'logging.logfile': 'simplesamlphp.log',
    'enable.saml20-idp': true,
    'module.enable': { exampleauth: true, core: true, saml: true, admin: true },
    'store.type': 'phpsession',
    'session.phpsession.savepath': join(dir, 'sessions'),
    'session.cookie.secure': false,
    'session.cookie.samesite': null,
    'language.cookie.secure': false,
    'admin.checkforupdates': false,
    production: false,
  };
  const source = (name: string, body: string) => writeFileSync(join(dir, name), `<?php\n${body}\n`);
  source('config.php', `$config = ${phpJson(config)};`);
  const accounts: Record<string, unknown> = { 0: 'exampleauth:UserPass' };
  for (const user of users)
    accounts[`${user.username}:${user.password}`] = {
      uid: [user.username],
      mail: [user.email],
      givenName: [user.firstName],
      sn: [user.lastName],
    };
  source('authsources.php', `$config = ['users' => ${phpJson(accounts)}];`);
  source(
    'metadata/saml20-idp-hosted.php',
    `$metadata['__DYNAMIC:1__'] = [
      'host' => '__DEFAULT__',
      'privatekey' => 'idp.pem',
      'certificate' => 'idp.crt',
      'auth' => 'users',
      'saml20.sign.response' => true,
      'saml20.sign.assertion' => true,
      'NameIDFormat' => 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      'simplesaml.nameidattribute' => 'mail',
    ];`,
  );
  const serviceProviders: Record<string, unknown> = {};
  const writeServiceProviders = () =>
    source('metadata/saml20-sp-remote.php', `$metadata = ${phpJson(serviceProviders)};`);
  writeServiceProviders();

  const server: ChildProcess = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', SIMPLESAMLPHP_WWW], {
    env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: dir, ...movedClock() },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  server.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const metadataUrl = `${url}saml2/idp/metadata.php`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const response = await fetch(metadataUrl);
      if (response.ok) break;
      throw new Error(`status ${response.status}: ${(await response.text()).slice(0, 500)}`);
    } catch (error) {
      if (Date.now() > deadline || server.exitCode !== null) {
        server.kill();
        throw new Error(`SimpleSAMLphp did not start: ${(error as Error).message}\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    metadataUrl,
    certificate: readFileSync(certFile, 'utf8'),
    addServiceProvider(entityId, acsUrl) {
      serviceProviders[entityId] = {
        AssertionConsumerService: acsUrl,
        NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
        'simplesaml.nameidattribute': 'mail',
      };
      writeServiceProviders();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (server.exitCode !== null) return done();
        server.once('exit', done);
        server.kill();
      }),
  };
}
