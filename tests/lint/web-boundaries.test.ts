import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The web app's boundaries (eslint.config.js, `webZones`) as the repository's own ESLint config
 * applies them: each probe is a one-line file placed where the import would be written, linted
 * through ESLint's Node API. A probe's file need not exist; what it imports must (an import that
 * does not resolve is not the boundary rule's to report).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

const boundaryViolations = async (file: string, source: string): Promise<string[]> => {
  const [result] = await eslint.lintText(`${source}\n`, { filePath: `${root}/${file}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
};

const inProjects = 'web/src/features/projects/components/boundary-probe.ts';

describe('web boundaries', () => {
  // The first lint loads the config and its plugins: seconds on a busy machine, once.
  beforeAll(() => eslint.lintText('\n', { filePath: `${root}/web/src/shared/boundary-probe.ts` }), 60_000);

  it.each([
    ['another feature’s internals, relative', inProjects, "import { useChats } from '../../chat/api/chat-api';"],
    [
      'another feature’s internals, through features/',
      inProjects,
      "import { ContactList } from '../../../features/chat/components/contact-list';",
    ],
    [
      'another feature’s page',
      'web/src/features/auth/boundary-probe.ts',
      "import { ChatPage } from '../chat/chat-page';",
    ],
    ['another feature’s words', inProjects, "import chat from '../../chat/locales/en/chat';"],
    [
      'a feature, from shared/',
      'web/src/shared/ui/boundary-probe.ts',
      "import { ProjectsPage } from '../../features/projects/projects-page';",
    ],
    [
      'the app, from shared/',
      'web/src/shared/ui/boundary-probe.ts',
      "import { routeTable } from '../../app/routing/route-table';",
    ],
    [
      'a feature’s code, from the translation parts',
      'web/src/shared/i18n/translation-parts.ts',
      "import { useChats } from '../../features/chat/api/chat-api';",
    ],
    [
      'a server repository, by package',
      inProjects,
      "import { listProjects } from '@orbit/functions/projects/repository';",
    ],
    [
      'the server’s data layer, by package',
      'web/src/app/boundary-probe.ts',
      "import { table } from '@orbit/functions/core/db';",
    ],
    [
      'a server service, by path',
      inProjects,
      "import { createProject } from '../../../../../functions/src/projects/service';",
    ],
  ])('reports %s', async (_name, file, source) => {
    expect(await boundaryViolations(file, source)).toHaveLength(1);
  });

  it('allows a feature its own files, shared/, and the server’s contracts, requests, messages and ability', async () => {
    const source = [
      "import { useProjects } from '../api/projects';",
      "import { EmptyState } from '../../../shared/ui/empty-state';",
      "import { projectStatuses } from '@orbit/functions/projects/contract';",
      "import { projectFormSchema } from '@orbit/functions/projects/requests';",
      "import { authMessages } from '@orbit/functions/auth/messages';",
      "import { abilityRulesFor } from '@orbit/functions/core/ability';",
    ].join('\n');
    expect(await boundaryViolations(inProjects, source)).toEqual([]);
  });

  it('allows the app to compose features, and the translation parts to list a feature’s words', async () => {
    expect(
      await boundaryViolations(
        'web/src/app/routing/boundary-probe.ts',
        "import { ProjectsPage } from '../../features/projects/projects-page';",
      ),
    ).toEqual([]);
    expect(
      await boundaryViolations(
        'web/src/shared/i18n/translation-parts.ts',
        "import chat from '../../features/chat/locales/en/chat';",
      ),
    ).toEqual([]);
  });
});
