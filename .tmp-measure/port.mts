import net from 'node:net';
import { startSmtpListener } from '../infra/local/smtp-listener.ts';
const blocker = net.createServer();
await new Promise<void>((d) => blocker.listen(2599, '127.0.0.1', () => d()));
const l = await startSmtpListener(2599);
console.log('fell back to', l.port);
await l.stop(); blocker.close();
