import { ChevronDown } from 'lucide-react';
import type { FaqItem } from '../faq-data';
import { RichText } from './rich-text';

/**
 * Native <details>/<summary>: keyboard and screen-reader support come from the browser, and the answers stay
 * in the page for the in-page search (Ctrl+F) and for search engines.
 */
export function FaqAccordion({ items, headingLevel }: { items: readonly FaqItem[]; headingLevel?: 'h3' }) {
  return (
    <div className="divide-y divide-gray-200 overflow-hidden rounded-2xl border border-gray-200 bg-white dark:divide-gray-800 dark:border-gray-800 dark:bg-gray-900">
      {items.map((item) => (
        <details key={item.id} id={item.id} className="group scroll-mt-6">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-4 px-5 py-4 font-medium text-gray-900 hover:bg-gray-50 dark:text-gray-100 dark:hover:bg-gray-800 [&::-webkit-details-marker]:hidden">
            {headingLevel ? (
              <h3 className="font-sans text-base font-medium tracking-normal">{item.question}</h3>
            ) : (
              <span>{item.question}</span>
            )}
            <ChevronDown
              aria-hidden
              className="mt-0.5 size-5 shrink-0 text-gray-500 transition-transform group-open:rotate-180 dark:text-gray-400"
            />
          </summary>
          <div className="prose-cereza px-5 pb-5 text-[0.95rem]">
            {item.answer.map((p) => (
              <p key={p} className="first:mt-0">
                <RichText text={p} />
              </p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
