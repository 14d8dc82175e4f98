/**
 * Typography for page content, shared by the editor and the public page so what staff type is what
 * visitors see. Logical margins and paddings keep lists and quotes on the right side in Dari/Pashto.
 */
export const proseClasses = [
  'max-w-none text-base leading-7 text-gray-800 dark:text-gray-200',
  '[&_h1]:mb-4 [&_h1]:mt-8 [&_h1]:text-3xl [&_h1]:font-bold',
  '[&_h2]:mb-3 [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-semibold',
  '[&_h3]:mb-2 [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_p]:my-3',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:ps-6 [&_li]:my-1',
  '[&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-brand-400',
  '[&_blockquote]:my-4 [&_blockquote]:border-s-4 [&_blockquote]:border-gray-300 [&_blockquote]:ps-4 [&_blockquote]:italic dark:[&_blockquote]:border-gray-600',
  '[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1 dark:[&_code]:bg-gray-800',
  '[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-gray-100 [&_pre]:p-3 dark:[&_pre]:bg-gray-800',
  '[&_hr]:my-6 [&_hr]:border-gray-200 dark:[&_hr]:border-gray-700',
  '[&>:first-child]:mt-0',
].join(' ');
