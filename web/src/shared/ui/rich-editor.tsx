import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { ReactNode } from 'react';
import { pathIcon } from './icons';

const BoldIcon = pathIcon(
  'M15.6 10.79c.97-.67 1.65-1.77 1.65-2.79 0-2.26-1.75-4-4-4H7v14h7.04c2.09 0 3.71-1.7 3.71-3.79 0-1.52-.86-2.82-2.15-3.42M10 6.5h3c.83 0 1.5.67 1.5 1.5s-.67 1.5-1.5 1.5h-3zm3.5 9H10v-3h3.5c.83 0 1.5.67 1.5 1.5s-.67 1.5-1.5 1.5',
  'BoldIcon',
);
const ItalicIcon = pathIcon('M10 4v3h2.21l-3.42 8H6v3h8v-3h-2.21l3.42-8H18V4z', 'ItalicIcon');
const BulletIcon = pathIcon(
  'M4 10.5c-.83 0-1.5.67-1.5 1.5s.67 1.5 1.5 1.5 1.5-.67 1.5-1.5-.67-1.5-1.5-1.5m0-6c-.83 0-1.5.67-1.5 1.5S3.17 7.5 4 7.5 5.5 6.83 5.5 6 4.83 4.5 4 4.5m0 12c-.83 0-1.5.68-1.5 1.5s.68 1.5 1.5 1.5 1.5-.68 1.5-1.5-.67-1.5-1.5-1.5M7 19h14v-2H7zm0-6h14v-2H7zm0-8v2h14V5z',
  'BulletIcon',
);
const NumberedIcon = pathIcon(
  'M2 17h2v.5H3v1h1v.5H2v1h3v-4H2zm1-9h1V4H2v1h1zm-1 3h1.8L2 13.1v.9h3v-1H3.2L5 10.9V10H2zm5-6v2h14V5zm0 14h14v-2H7zm0-6h14v-2H7z',
  'NumberedIcon',
);
const LinkIcon = pathIcon(
  'M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7c-2.76 0-5 2.24-5 5s2.24 5 5 5h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1M8 13h8v-2H8zm9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4c2.76 0 5-2.24 5-5s-2.24-5-5-5',
  'LinkIcon',
);

/** The editor's words, in the using feature's translations. */
export interface RichEditorLabels {
  /** The text box's accessible name. */
  readonly body: string;
  readonly toolbar: string;
  readonly bold: string;
  readonly italic: string;
  readonly bulletList: string;
  /** The numbered-list button's name; without it there is no such button. */
  readonly orderedList?: string;
  readonly link: string;
  /** The question that asks for a link's address. */
  readonly linkPrompt: string;
}

/**
 * The rich-text editor of the mailbox's compose and of the mailings' messages: Tiptap v3 (MIT,
 * ProseMirror) with its starter kit (paragraphs, bold, italic, lists, quotes, links). Tiptap is
 * heavy: whoever shows it loads it lazily (React.lazy), never with a page's first download. What
 * it produces is sanitised again by the server.
 */
export const RichEditor = ({
  initialHtml,
  onChange,
  labels,
  testId,
  autoFocus = false,
  insertTools,
}: {
  readonly initialHtml: string;
  readonly onChange: (html: string) => void;
  readonly labels: RichEditorLabels;
  readonly testId: string;
  /** Puts the cursor at the start (an answer starts above the quote). */
  readonly autoFocus?: boolean;
  /** More of the toolbar, after the formatting buttons: buttons that insert text at the cursor. */
  readonly insertTools?: (insert: (text: string) => void) => ReactNode;
}) => {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: false, codeBlock: false, link: { openOnClick: false, autolink: true } }),
    ],
    content: initialHtml,
    autofocus: autoFocus ? 'start' : false,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': labels.body, 'data-testid': testId },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
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
    const href = window.prompt(labels.linkPrompt, 'https://');
    if (href && /^(https?:|mailto:)/i.test(href)) editor.chain().focus().setLink({ href }).run();
  };
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Box
        role="toolbar"
        aria-label={labels.toolbar}
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
        {tool('bold', labels.bold, <BoldIcon fontSize="small" />, () => editor.chain().focus().toggleBold().run())}
        {tool('italic', labels.italic, <ItalicIcon fontSize="small" />, () =>
          editor.chain().focus().toggleItalic().run(),
        )}
        {tool('bulletList', labels.bulletList, <BulletIcon fontSize="small" />, () =>
          editor.chain().focus().toggleBulletList().run(),
        )}
        {labels.orderedList
          ? tool('orderedList', labels.orderedList, <NumberedIcon fontSize="small" />, () =>
              editor.chain().focus().toggleOrderedList().run(),
            )
          : null}
        {tool('link', labels.link, <LinkIcon fontSize="small" />, link)}
        {insertTools?.((text) => editor.chain().focus().insertContent(text).run())}
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
