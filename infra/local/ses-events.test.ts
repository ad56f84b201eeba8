import { describe, expect, it } from 'vitest';

import { sesEventsFor } from './ses-events';
import { localSpamVerdict } from './smtp-listener';

describe('sesEventsFor (the local SES events)', () => {
  const stored = (to: string[], cc: string[] = []) => ({ messageId: 'm1', destination: { to, cc, bcc: [] } });

  it('delivers every accepted recipient', () => {
    expect(sesEventsFor(stored(['"Ada" <ada@x.example>, b@x.example'], ['c@x.example']))).toEqual([
      {
        eventType: 'Delivery',
        mail: { messageId: 'm1', destination: ['ada@x.example', 'b@x.example', 'c@x.example'] },
        delivery: { recipients: ['ada@x.example', 'b@x.example', 'c@x.example'] },
      },
    ]);
  });

  it('bounces the simulator’s bounce address for good, and complains for its complaint address', () => {
    const events = sesEventsFor(stored(['bounce@simulator.amazonses.com', 'complaint@simulator.amazonses.com']));
    expect(events.map((event) => event.eventType)).toEqual(['Delivery', 'Bounce', 'Complaint']);
    expect(events[0]).toMatchObject({ delivery: { recipients: ['complaint@simulator.amazonses.com'] } });
    expect(events[1]).toMatchObject({
      bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'bounce@simulator.amazonses.com' }] },
    });
  });
});

describe('localSpamVerdict', () => {
  it('is FAIL with SpamAssassin’s X-Spam-Flag: YES in the headers, else PASS', () => {
    expect(localSpamVerdict(Buffer.from('Subject: hi\r\nX-Spam-Flag: YES\r\n\r\nbody'))).toBe('FAIL');
    expect(localSpamVerdict(Buffer.from('Subject: hi\r\nX-Spam-Flag: NO\r\n\r\nbody'))).toBe('PASS');
    expect(localSpamVerdict(Buffer.from('Subject: hi\r\n\r\nX-Spam-Flag: YES'))).toBe('PASS');
  });
});
