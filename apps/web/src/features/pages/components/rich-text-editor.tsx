import type { ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { Bold, Heading2, Heading3, Italic, Link2, List, ListOrdered, Quote, Redo2, Undo2 } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { proseClasses } from './prose.ts';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** id of the visible label, so the editing area is announced with it. */
  labelledBy?: string;
}

/**
 * Page content editor (TipTap). It produces HTML; the server sanitises it before storing, so this
 * component needs no filtering of its own.
 */
export function RichTextEditor({ value, onChange, labelledBy }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
      }),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: cn(proseClasses, 'min-h-48 px-3 py-2 focus:outline-none'),
        role: 'textbox',
        'aria-multiline': 'true',
        ...(labelledBy ? { 'aria-labelledby': labelledBy } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <div className="rounded-md border border-gray-300 bg-white focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30 dark:border-gray-600 dark:bg-gray-900">
      {editor ? <Toolbar editor={editor} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('admin');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const setLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const url = window.prompt(t('pages.editor.linkPrompt'), previous);
    if (url === null) return;
    if (url.trim() === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: url.trim() }).run();
  };

  return (
    <div role="toolbar" aria-label={t('pages.editor.toolbar')} className="flex flex-wrap gap-1 border-b border-gray-200 p-1 dark:border-gray-700">
      <ToolButton label={t('pages.editor.bold')} active={state.bold} onClick={() => editor.chain().focus().toggleBold().run()}>
        <Bold className="h-4 w-4" aria-hidden />
      </ToolButton>
      <ToolButton label={t('pages.editor.italic')} active={state.italic} onClick={() => editor.chain().focus().toggleItalic().run()}>
        <Italic className="h-4 w-4" aria-hidden />
      </ToolButton>
      <ToolButton label={t('pages.editor.heading2')} active={state.h2} onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}>
        <Heading2 className="h-4 w-4" aria-hidden />
      </ToolButton>
      <ToolButton label={t('pages.editor.heading3')} active={state.h3} onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()}>
        <Heading3 className="h-4 w-4" aria-hidden />
      </ToolButton>
      <ToolButton label={t('pages.editor.bulletList')} active={state.bullet} onClick={() => editor.chain().focus().toggleBulletList().run()}>
        <List className="h-4 w-4" aria-hidden />
      </ToolButton>
      <ToolButton label={t('pages.editor.orderedList')} active={state.ordered} onClick={() => editor.chain().focus().toggleOrderedList().run()}>
        <ListOrdered className="rtl-flip h-4 w-4" aria-hidden />
      </ToolButton>
      <ToolButton label={t('pages.editor.blockquote')} active={state.quote} onClick={() => editor.chain().focus().toggleBlockquote().run()}>
        <Quote className="h-4 w-4" aria-hidden />
      </ToolButton>
      <ToolButton label={t('pages.editor.link')} active={state.link} onClick={setLink}>
        <Link2 className="h-4 w-4" aria-hidden />
      </ToolButton>
      <span className="mx-1 w-px self-stretch bg-gray-200 dark:bg-gray-700" aria-hidden />
      <ToolButton label={t('pages.editor.undo')} disabled={!state.canUndo} onClick={() => editor.chain().focus().undo().run()}>
        <Undo2 className="rtl-flip h-4 w-4" aria-hidden />
      </ToolButton>
      <ToolButton label={t('pages.editor.redo')} disabled={!state.canRedo} onClick={() => editor.chain().focus().redo().run()}>
        <Redo2 className="rtl-flip h-4 w-4" aria-hidden />
      </ToolButton>
    </div>
  );
}

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        onClick={onClick}
        className={cn(
          'inline-flex h-8 w-8 items-center justify-center rounded text-gray-700 hover:bg-gray-100 disabled:opacity-40 dark:text-gray-200 dark:hover:bg-gray-800',
          active && 'bg-brand-100 text-brand-800 dark:bg-brand-900/50 dark:text-brand-100',
        )}
      >
        {children}
      </button>
    </Tooltip>
  );
}
