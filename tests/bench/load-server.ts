import { startLocalStack } from '../../infra/local/stack';

/**
 * The local stack as `npm start` runs it (in memory, seeded, no web build), in a process of its
 * own so that the load generator does not share its event loop. Prints its URL, then serves
 * until it is told to stop.
 */
const stack = await startLocalStack({ port: 0, dataDir: ':memory:', web: {} });
console.log(JSON.stringify({ url: stack.url }));
const stop = () => void stack.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
