import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageOff } from 'lucide-react';
import type { ORPHAN_PROFILE_PARTS, OrphanDetails, OrphanFieldName } from '@app/shared/schemas/orphan.schema';
import { classOfField, type SensitivityClass } from '@app/shared/sensitivity';
import { fullName, orDash } from './orphan-format.ts';
import { OrphanStatusBadge } from './orphan-status-badge.tsx';
import { useOrphanFormat } from './use-orphan-format.ts';
import { Ltr } from '../../../components/ui/ltr.tsx';
import { HiddenMark } from '../../../components/hidden-mark.tsx';
import { useUserSites } from '../../../lib/user-sites.ts';

function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = `orphan-card-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section
      aria-labelledby={id}
      className={`rounded-lg border border-gray-200 bg-white p-5 dark:border-gray-700 dark:bg-gray-900 ${className ?? ''}`}
    >
      <h3 id={id} className="mb-3 text-base font-semibold text-gray-900 dark:text-gray-100">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * A label/value list; empty values show '-' (spec section 2). The value column may shrink below
 * its longest word and such words wrap anywhere: a long e-mail address or id number otherwise
 * widens its card and pushes the page sideways.
 */
/** A code or blood group: left to right inside right-to-left text; blank stays blank (a dash). */
const code = (value: string | null | undefined) => (value ? <Ltr>{value}</Ltr> : value);

function Rows({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,auto)_minmax(0,1fr)]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-gray-500 dark:text-gray-400">{label}</dt>
          <dd className="min-w-0 wrap-anywhere text-gray-900 dark:text-gray-100">
            {typeof value === 'string' || typeof value === 'number' || value == null ? orDash(value as string | number | null) : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Every card of the details screen, in reading order. */
export function OrphanDetailsCards({ orphan }: { orphan: OrphanDetails }) {
  const { t } = useTranslation('orphans');
  const format = useOrphanFormat();
  const { several } = useUserSites();
  const { t: common } = useTranslation();
  // A field's label, by its name (locales/en/orphans.json `fields`), as the form labels it.
  const f = (key: OrphanFieldName | (typeof ORPHAN_PROFILE_PARTS)[number] | 'age') => t(`fields.${key}` as 'fields.first_name');
  const name = fullName(orphan);
  const profile = orphan.profile;
  const hidden = new Set<SensitivityClass>(orphan.hidden_classes);
  // A field of a class the user may not view shows the hidden mark in place of its value.
  const v = (field: string, value: ReactNode): ReactNode => {
    const cls = classOfField(field);
    return cls && hidden.has(cls) ? <HiddenMark key={field} /> : value;
  };
  const hasProfile = (!!profile && !!(profile.hobbies || profile.talents || profile.special_needs)) || hidden.has('medical');

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card title={t('details.photo')} className="lg:row-span-2">
        {orphan.profile_photo_url ? (
          <img
            src={orphan.profile_photo_url}
            alt={t('details.photoAlt', { name })}
            className="mx-auto aspect-square w-full max-w-xs rounded-lg object-cover"
          />
        ) : (
          <div className="mx-auto flex aspect-square w-full max-w-xs flex-col items-center justify-center gap-2 rounded-lg bg-gray-100 text-gray-600 dark:bg-gray-800 dark:text-gray-300">
            <ImageOff className="h-10 w-10" aria-hidden />
            <span>{t('details.noPhoto')}</span>
          </div>
        )}
        <p className="mt-3 text-center text-lg font-semibold">{name}</p>
        <div className="mt-1 flex justify-center">
          <OrphanStatusBadge status={orphan.status} />
        </div>
      </Card>

      <Card title={t('form.sections.basic')}>
        <Rows
          rows={[
            [t('columns.id'), format.id(orphan.id)],
            [f('first_name'), orphan.first_name],
            [f('last_name'), orphan.last_name],
            [f('father_name'), v('father_name', orphan.father_name)],
            [f('grandfather_name'), v('grandfather_name', orphan.grandfather_name)],
            [f('school_id_number'), v('school_id_number', code(orphan.school_id_number))],
            [f('identity_card_number'), v('identity_card_number', code(orphan.identity_card_number))],
          ]}
        />
      </Card>

      <Card title={t('form.sections.personal')}>
        <Rows
          rows={[
            [f('dob'), format.date(orphan.dob)],
            [f('age'), format.age(orphan.dob)],
            [f('gender'), format.gender(orphan.gender)],
            [f('blood_group'), v('blood_group', code(orphan.blood_group))],
            [f('class_grade'), format.grade(orphan.class_grade)],
            [f('medical_condition'), v('medical_condition', format.medical(orphan.medical_condition))],
          ]}
        />
      </Card>

      <Card title={t('form.sections.contact')}>
        <Rows
          rows={[
            [f('phone_number'), v('phone_number', orphan.phone_number)],
            [f('family_contact_number'), v('family_contact_number', orphan.family_contact_number)],
            [f('contact_info'), v('contact_info', orphan.contact_info)],
            [f('address'), v('address', orphan.address)],
          ]}
        />
      </Card>

      <Card title={t('form.sections.guardian')}>
        <Rows
          rows={[
            [f('guardian_name'), v('guardian_name', orphan.guardian_name)],
            [f('guardian_contact'), v('guardian_contact', orphan.guardian_contact)],
            [f('guardian_relationship'), v('guardian_relationship', orphan.guardian_relationship)],
            [f('responsible_person'), v('responsible_person', orphan.responsible_person)],
          ]}
        />
      </Card>

      <Card title={t('form.sections.admission')}>
        <Rows
          rows={[
            [f('admission_date'), format.date(orphan.admission_date)],
            [f('status'), <OrphanStatusBadge key="status" status={orphan.status} />],
            // Where the child lives, for a user who has more than one site to tell apart.
            ...(several ? [[common('sites.label'), <bdi key="site">{orphan.site_name}</bdi>] as [string, ReactNode]] : []),
          ]}
        />
      </Card>

      <Card title={t('form.sections.financial')}>
        <Rows
          rows={[
            [f('total_income'), v('total_income', format.money(orphan.total_income))],
            [f('total_expenses'), v('total_expenses', format.money(orphan.total_expenses))],
            [f('income_source'), v('income_source', orphan.income_source)],
          ]}
        />
      </Card>

      <Card title={t('form.sections.donor')}>
        <Rows
          rows={[
            [f('donor_name'), v('donor_name', orphan.donor_name)],
            [f('donor_last_name'), v('donor_last_name', orphan.donor_last_name)],
            [
              f('donor_email'),
              hidden.has('donor') ? <HiddenMark key="donor_email" /> : orphan.donor_email ? (
                <a href={`mailto:${orphan.donor_email}`} className="text-brand-700 hover:underline dark:text-brand-400" dir="ltr">
                  {orphan.donor_email}
                </a>
              ) : null,
            ],
            [f('donor_address'), v('donor_address', orphan.donor_address)],
          ]}
        />
      </Card>

      <Card title={t('form.sections.notes')} className="lg:col-span-2">
        {hidden.has('notes') ? (
          <HiddenMark />
        ) : orphan.notes?.trim() ? (
          <p className="whitespace-pre-line text-sm text-gray-900 dark:text-gray-100" dir="auto">{orphan.notes}</p>
        ) : (
          <p className="text-sm text-gray-500 dark:text-gray-400">{t('details.noNotes')}</p>
        )}
      </Card>

      {hasProfile ? (
        <Card title={t('form.sections.profile')} className="lg:col-span-3">
          <Rows
            rows={[
              [f('hobbies'), profile?.hobbies],
              [f('talents'), profile?.talents],
              [f('special_needs'), v('profile.special_needs', profile?.special_needs)],
            ]}
          />
        </Card>
      ) : null}
    </div>
  );
}
