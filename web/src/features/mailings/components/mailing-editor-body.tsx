import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RichEditor } from '../../../shared/ui/rich-editor';
import { bodyVariables } from './mailing-helpers';

/**
 * A mailing's (or a sequence step's) body: the mailbox compose's editor (shared/ui/rich-editor.tsx)
 * plus buttons that insert the variables the server fills per recipient. Pages load it lazily
 * (React.lazy): Tiptap is never in a first download.
 */
export const MailingEditorBody = ({
  initialHtml,
  onChange,
  label,
  testId = 'mailing-editor-body',
}: {
  readonly initialHtml: string;
  readonly onChange: (html: string) => void;
  /** The text box's accessible name. */
  readonly label: string;
  readonly testId?: string;
}) => {
  const { t } = useTranslation();
  return (
    <RichEditor
      initialHtml={initialHtml}
      onChange={onChange}
      testId={testId}
      labels={{
        body: label,
        toolbar: t('mailings.editorTools.toolbar'),
        bold: t('mailings.editorTools.bold'),
        italic: t('mailings.editorTools.italic'),
        bulletList: t('mailings.editorTools.bulletList'),
        link: t('mailings.editorTools.link'),
        linkPrompt: t('mailings.editorTools.linkPrompt'),
      }}
      insertTools={(insert) => (
        <>
          <Typography variant="caption" color="text.secondary" sx={{ marginInlineStart: 1 }}>
            {t('mailings.editor.variables')}
          </Typography>
          {bodyVariables.map((variable) => (
            <Button
              key={variable}
              size="small"
              variant="outlined"
              aria-label={t('mailings.editor.insert', { variable, interpolation: { escapeValue: false } })}
              onClick={() => insert(variable)}
              sx={{ textTransform: 'none', fontFamily: 'monospace', direction: 'ltr' }}
            >
              {variable}
            </Button>
          ))}
        </>
      )}
    />
  );
};
