import type { ReactNode } from 'react';
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { DashboardResponse } from '@app/shared/schemas/dashboard.schema';
import { useOverviewFormat } from './overview-format.ts';
import { ltrText } from '../../../lib/ltr-text.ts';

/**
 * The overview's three charts, in their own chunk (overview-page.tsx loads this file lazily):
 * recharts weighs more than the rest of the overview, and no other screen needs it.
 *
 * Each chart is a figure named by its title: the drawing is one image to assistive technology
 * (role img, named and described), and a visually hidden table beside it holds every figure, so a
 * screen reader reads the numbers rather than the shapes.
 */

type Charts = DashboardResponse['charts'];

const panelClasses = 'rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900';
const AXIS = { fontSize: 12, fill: 'currentColor' };

function ChartFigure({ title, description, table, children }: { title: string; description: string; table: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <figure className={panelClasses} aria-labelledby={`${id}-title`}>
      <figcaption>
        <h3 id={`${id}-title`} className="font-semibold">
          {title}
        </h3>
        <p id={`${id}-description`} className="text-sm text-gray-600 dark:text-gray-400">
          {description}
        </p>
      </figcaption>
      <div role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-description`} className="mt-3 h-56 text-gray-700 dark:text-gray-300">
        {children}
      </div>
      {table}
    </figure>
  );
}

function FiguresTable({ caption, headers, rows }: { caption: string; headers: [string, ...string[]]; rows: string[][] }) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {headers.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([head, ...cells]) => (
          <tr key={head}>
            <th scope="row">{head}</th>
            {cells.map((c, i) => (
              <td key={i}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OverviewCharts({ charts }: { charts: Charts }) {
  const { t } = useTranslation('dashboard');
  const f = useOverviewFormat();
  const figures = t('overview.charts.figures');

  const attendance = charts.attendance_rate?.map((p) => ({ label: f.shortMonth(p), rate: p.rate, days: p.days, name: f.month(p) }));
  const admissions = charts.admissions?.map((p) => ({ label: f.shortMonth(p), count: p.count, name: f.month(p) }));
  const grades = charts.grade_bands;

  return (
    <div className="grid gap-6 lg:grid-cols-2 2xl:grid-cols-3">
      {attendance ? (
        <ChartFigure
          title={t('overview.charts.attendance.title')}
          description={t('overview.charts.attendance.description')}
          table={
            <FiguresTable
              caption={`${t('overview.charts.attendance.title')}: ${figures}`}
              headers={[t('overview.charts.month'), t('overview.charts.attendance.rate'), t('overview.charts.attendance.days')]}
              rows={attendance.map((p) => [p.name, p.rate === null ? t('overview.charts.attendance.none') : f.percent(p.rate), f.number(p.days)])}
            />
          }
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={attendance} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.4} />
              <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" />
              <YAxis domain={[0, 100]} tick={AXIS} tickFormatter={(v: number) => f.percent(v)} />
              <Tooltip formatter={(v) => (typeof v === 'number' ? f.percent(v) : String(v ?? ''))} />
              <Line type="monotone" dataKey="rate" name={t('overview.charts.attendance.rate')} stroke="#2563eb" strokeWidth={2} connectNulls={false} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </ChartFigure>
      ) : null}
      {grades ? (
        <ChartFigure
          title={t('overview.charts.grades.title')}
          description={t('overview.charts.grades.description')}
          table={
            <FiguresTable
              caption={`${t('overview.charts.grades.title')}: ${figures}`}
              headers={[t('overview.charts.grades.grade'), t('overview.charts.grades.count')]}
              rows={grades.map((b) => [ltrText(b.grade), f.number(b.count)])}
            />
          }
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={grades} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.4} />
              <XAxis dataKey="grade" tick={AXIS} tickFormatter={(grade: string) => ltrText(grade)} />
              <YAxis allowDecimals={false} tick={AXIS} tickFormatter={(v: number) => f.number(v)} />
              <Tooltip formatter={(v) => (typeof v === 'number' ? f.number(v) : String(v ?? ''))} />
              <Bar dataKey="count" name={t('overview.charts.grades.count')} fill="#7c3aed" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </ChartFigure>
      ) : null}
      {admissions ? (
        <ChartFigure
          title={t('overview.charts.admissions.title')}
          description={t('overview.charts.admissions.description')}
          table={
            <FiguresTable
              caption={`${t('overview.charts.admissions.title')}: ${figures}`}
              headers={[t('overview.charts.month'), t('overview.charts.admissions.count')]}
              rows={admissions.map((p) => [p.name, f.number(p.count)])}
            />
          }
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={admissions} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.4} />
              <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" />
              <YAxis allowDecimals={false} tick={AXIS} tickFormatter={(v: number) => f.number(v)} />
              <Tooltip formatter={(v) => (typeof v === 'number' ? f.number(v) : String(v ?? ''))} />
              <Bar dataKey="count" name={t('overview.charts.admissions.count')} fill="#16a34a" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </ChartFigure>
      ) : null}
    </div>
  );
}
