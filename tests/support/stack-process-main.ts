import { startLocalStack, type LocalStackOptions } from '../../infra/local/stack';

/**
 * A local stack in a process of its own (see stack-process.ts): its options come as JSON in
 * ORBIT_STACK_OPTIONS; it prints its URL as one JSON line, then serves until told to stop.
 */
const options = JSON.parse(process.env.ORBIT_STACK_OPTIONS ?? '{}') as LocalStackOptions;
const stack = await startLocalStack({ port: 0, host: '127.0.0.1', ...options });
console.log(JSON.stringify({ url: stack.url }));
const stop = () => void stack.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
