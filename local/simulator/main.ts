/**
 * Runs the source simulator on its own:
 *
 *   npx tsx local/simulator/main.ts --data-dir <dir> [--port 4010] [--host 127.0.0.1] [--preload]
 *
 * `--preload` parses every data file before listening (worth it for full-size data, see
 * `npm run generate-sample-data -- --scale`). Prints the base URL and the connector settings that
 * point at it, then serves until interrupted.
 */
import { parseArgs } from 'node:util';
import { startSourceSimulator } from './server.ts';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    preload: { type: 'boolean', default: false },
  },
});

const dataDir = values['data-dir'];
const port = Number(values.port);
if (!dataDir || !Number.isInteger(port) || port < 0 || port > 65_535) {
  process.stderr.write('usage: tsx local/simulator/main.ts --data-dir <dir> [--port <n>] [--host <address>] [--preload]\n');
  process.exit(2);
}

const simulator = await startSourceSimulator({ dataDir, port, host: values.host, preload: values.preload });
process.stdout.write(
  `${simulator.url}\n` +
    `NPPES_API_URL=${simulator.url}/api/\n` +
    `SODA_BASE_URL=${simulator.url}\n` +
    `LEIE_CSV_URL=${simulator.url}/exclusions/downloadables/UPDATED.csv\n` +
    `SAM_BASE_URL=${simulator.url}\n` +
    `CMS_DATA_BASE_URL=${simulator.url}\n` +
    `IL_HFS_BASE_URL=${simulator.url}\n` +
    `TX_HHSC_BASE_URL=${simulator.url}\n` +
    `CA_MEDI_CAL_BASE_URL=${simulator.url}\n` +
    `NPPES_FILES_BASE_URL=${simulator.url}\n` +
    `WA_HCA_BASE_URL=${simulator.url}\n` +
    `CO_HCPF_BASE_URL=${simulator.url}\n` +
    `NY_OMIG_BASE_URL=${simulator.url}\n` +
    // Sources are fetched from public addresses only; a local stack may waive that for loopback.
    'SOURCE_ALLOW_LOOPBACK=true\n',
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void simulator.close().then(() => process.exit(0)));
}
