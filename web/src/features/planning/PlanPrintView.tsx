import { useEffect, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import './planning.css';
import { formatLongDate } from './format';

/** What the print layout shows of a plan: the saved plan, or the draft on screen. */
export interface PrintablePlan {
  date: string;
  title: string;
  notes: string;
  eventTitle: string | null;
  feastName: string;
  slots: readonly {
    label: string;
    note: string;
    music: { title: string; composer: string; libraryNumber: string } | null;
  }[];
}

/**
 * usePrinting says whether the browser is printing the page. The layout is
 * put in at 'beforeprint', synchronously, so a print from the page's button
 * or from the browser's menu both have it, and taken out after.
 */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}

/**
 * PlanPrintView is a plan's one-page print layout: the feast, the date, and
 * each slot's piece with composer and library number. It is there only
 * while the browser prints, which then shows it alone (planning.css).
 * Printing a page with one: window.print().
 */
export function PlanPrintView({ plan, choirName }: { plan: PrintablePlan; choirName?: string }) {
  const printing = usePrinting();
  // Straight under body, so that the print styles can leave out everything else.
  return printing ? createPortal(<PrintLayout plan={plan} choirName={choirName} />, document.body) : null;
}

function PrintLayout({ plan, choirName }: { plan: PrintablePlan; choirName?: string }) {
  const heading = plan.feastName || plan.title || plan.eventTitle || 'Music';
  const sub = [formatLongDate(plan.date), plan.eventTitle, plan.title !== heading ? plan.title : '']
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="plan-print" data-testid="plan-print">
      {choirName && <p style={{ margin: 0 }}>{choirName}</p>}
      <h1>{heading}</h1>
      <p style={{ margin: 0 }}>{sub}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Slot</th>
            <th scope="col">Piece</th>
            <th scope="col">Composer</th>
            <th scope="col">No.</th>
          </tr>
        </thead>
        <tbody>
          {plan.slots.map((s, i) => (
            <tr key={i}>
              <td>{s.label}</td>
              <td>
                {s.music?.title ?? '—'}
                {s.note && <div style={{ fontStyle: 'italic' }}>{s.note}</div>}
              </td>
              <td>{s.music?.composer ?? ''}</td>
              <td>{s.music?.libraryNumber ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {plan.notes && <p style={{ whiteSpace: 'pre-wrap', marginTop: '10pt' }}>{plan.notes}</p>}
    </div>
  );
}
