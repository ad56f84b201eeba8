import { startLocalStack } from '../infra/local/stack.ts'; console.log(typeof startLocalStack);
