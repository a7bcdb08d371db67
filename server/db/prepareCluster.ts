// `npm ci` and `npm install` run this (the `prepare` script): the empty cluster a first start copies.
import { prepareCluster } from './pgliteCluster.ts';

console.log(`Embedded database cluster ready: ${await prepareCluster()}`);
