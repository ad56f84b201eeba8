import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pathIcon } from '../../../shared/ui/icons';
import { bodyVariables } from './mailing-helpers';

const BoldIcon = pathIcon(
  'M15.6 10.79c.97-.67 1.65-1.77 1.65-2.79 0-2.26-1.75-4-4-4H7v14h7.04c2.09 0 3.71-1.7 3.71-3.79 0-1.52-.86-2.82-2.15-3.42M10 6.5h3c.83 0 1.5.67 1.5 1.5s-.67 1.5-1.5 1.5h-3zm3.5 9H10v-3h3.5c.83 0 1.5.67 1.5 1.5s-.67 1.5-1.5 1.5',
  'BoldIcon',
);
const ItalicIcon = pathIcon('M10 4v3h2.21l-3.42 8H6v3h8v-3h-2.21l3.42-8H18V4z', 'ItalicIcon');
const BulletIcon = pathIcon(
  'M4 10.5c-.83 0-1.5.67-1.5 1.5s.67 1.5 1.5 1.5 1.5-.67 1.5-1.5-.67-1.5-1.5-1.5m0-6c-.83 0-1.5.67-1.5 1.5S3.17 7.5 4 7.5 5.5 6.83 5.5 6 4.83 4.5 4 4.5m0 12c-.83 0-1.5.68-1.5 1.5s.68 1.5 1.5 1.5 1.5-.68 1.5-1.5-.67-1.5-1.5-1.5M7 19h14v-2H7zm0-6h14v-2H7zm0-8v2h14V5z',
  'BulletIcon',
);
const LinkIcon = pathIcon(
  'M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7c-2.76 0-5 2.24-5 5s2.24 5 5 5h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1M8 13h8v-2H8zm9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4c2.76 0 5-2.24 5-5s-2.24-5-5-5',
  'LinkIcon',
);

/**
 * A mailing's (or a sequence step's) body: the same editor as the mailbox's compose (Tiptap v3,
 * MIT, with its starter kit), plus buttons that insert the variables the server fills per
 * recipient. The mailings feature may not import the email feature's editor (features stay
 * apart), so this is its own small copy. Pages load it lazily (React.lazy): Tiptap is never in a
 * first download. What it produces is sanitised again by the server.
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
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: false, codeBlock: false, link: { openOnClick: false, autolink: true } }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, 'data-testid': testId },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      link: current.isActive('link'),
    }),
  });
  const tool = (name: keyof typeof active, text: string, icon: ReactNode, run: () => void) => (
    <Tooltip title={text}>
      <IconButton size="small" aria-label={text} aria-pressed={active[name]} onClick={run}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  const link = () => {
    if (active.link) {
      editor.chain().focus().unsetLink().run();
      return;
    }
    const href = window.prompt(t('mailings.editorTools.linkPrompt'), 'https://');
    if (href && /^(https?:|mailto:)/i.test(href)) editor.chain().focus().setLink({ href }).run();
  };
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Box
        role="toolbar"
        aria-label={t('mailings.editorTools.toolbar')}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 0.5,
          p: 0.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {tool('bold', t('mailings.editorTools.bold'), <BoldIcon fontSize="small" />, () =>
          editor.chain().focus().toggleBold().run(),
        )}
        {tool('italic', t('mailings.editorTools.italic'), <ItalicIcon fontSize="small" />, () =>
          editor.chain().focus().toggleItalic().run(),
        )}
        {tool('bulletList', t('mailings.editorTools.bulletList'), <BulletIcon fontSize="small" />, () =>
          editor.chain().focus().toggleBulletList().run(),
        )}
        {tool('link', t('mailings.editorTools.link'), <LinkIcon fontSize="small" />, link)}
        <Typography variant="caption" color="text.secondary" sx={{ marginInlineStart: 1 }}>
          {t('mailings.editor.variables')}
        </Typography>
        {bodyVariables.map((variable) => (
          <Button
            key={variable}
            size="small"
            variant="outlined"
            aria-label={t('mailings.editor.insert', { variable, interpolation: { escapeValue: false } })}
            onClick={() => editor.chain().focus().insertContent(variable).run()}
            sx={{ textTransform: 'none', fontFamily: 'monospace', direction: 'ltr' }}
          >
            {variable}
          </Button>
        ))}
      </Box>
      <Box
        sx={{
          minHeight: 200,
          maxHeight: { xs: 'none', sm: 360 },
          overflowY: 'auto',
          px: 2,
          '& .tiptap': { outline: 'none', minHeight: 180, py: 1 },
          '& .tiptap p': { my: 0.5 },
          '& .tiptap a': { color: 'primary.main' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
};
