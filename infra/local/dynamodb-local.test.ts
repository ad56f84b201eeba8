import { createServer, type AddressInfo } from 'node:net';

import { afterEach, expect, it } from 'vitest';

import { JavaMissingError, launchOnFreePort, PortInUseError, startDynamoDbLocal } from './dynamodb-local';

const originalPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = originalPath;
});

it('explains how to install Java when it is missing', async () => {
  process.env.PATH = '/nonexistent';
  await expect(startDynamoDbLocal({ dataDir: ':memory:' })).rejects.toBeInstanceOf(JavaMissingError);
  await expect(startDynamoDbLocal({ dataDir: ':memory:' })).rejects.toThrow(/Java 17 or newer is needed/);
});

it('says so when the port it was given is taken, and a free port is chosen again when it turns out taken', async () => {
  const busy = createServer();
  await new Promise<void>((listening) => busy.listen(0, listening));
  const { port } = busy.address() as AddressInfo;
  try {
    await expect(startDynamoDbLocal({ dataDir: ':memory:', port })).rejects.toEqual(new PortInUseError(port));

    const offered = [port, port + 1];
    const launched = await launchOnFreePort(
      async () => offered.shift() ?? 0,
      async (candidate) => {
        if (candidate === port) throw new PortInUseError(candidate);
        return candidate;
      },
    );
    expect(launched).toBe(port + 1);
  } finally {
    busy.close();
  }
});

it('gives up on a port after the attempts it was allowed, and at once on any other failure', async () => {
  const taken = (candidate: number) => Promise.reject(new PortInUseError(candidate));
  let chosen = 0;
  await expect(launchOnFreePort(async () => ++chosen, taken, 3)).rejects.toEqual(new PortInUseError(3));
  expect(chosen).toBe(3);
  await expect(
    launchOnFreePort(
      async () => 1,
      () => Promise.reject(new Error('no')),
    ),
  ).rejects.toThrow('no');
});
