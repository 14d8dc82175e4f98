import { GRADES, MEDICAL_CONDITIONS } from '@app/shared/constants';
import { FEMALE_DARI, FEMALE_LATIN, LAST_NAMES_DARI, LAST_NAMES_LATIN, MALE_DARI, MALE_LATIN } from './afghan-names.ts';

/**
 * The demo children (`npm run seed:demo`): realistic and consistent — admitted on or after their
 * birth and never in the future, and a guardian whose name fits the relationship (a mother or
 * grandmother is named as a woman). Deterministic for a seed; a test checks every row.
 */

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Who looks after a child, and whether that person is a woman. */
export const GUARDIAN_RELATIONSHIPS = [
  { relationship: 'Mother', female: true },
  { relationship: 'Aunt', female: true },
  { relationship: 'Grandmother', female: true },
  { relationship: 'Uncle', female: false },
  { relationship: 'Grandfather', female: false },
  { relationship: 'Elder brother', female: false },
] as const;

const PROVINCES = ['Kabul', 'Herat', 'Balkh', 'Kandahar', 'Nangarhar', 'Bamyan', 'Parwan'];
const HOBBIES = ['Reading', 'Drawing', 'Football', 'Calligraphy', 'Embroidery', 'Volleyball', 'Poetry'];
const TALENTS = ['Mathematics', 'Quran recitation', 'Singing', 'Painting', 'English', 'Storytelling'];
const FIRST_ADMISSION_YEAR = 2016;

const pad = (n: number) => String(n).padStart(2, '0');

export function demoChildren(count: number, seed = 1404, today = new Date().toISOString().slice(0, 10)): Array<Record<string, unknown>> {
  const r = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const dateIn = (fromYear: number, toYear: number) => `${fromYear + Math.floor(r() * (toYear - fromYear + 1))}-${pad(1 + Math.floor(r() * 12))}-${pad(1 + Math.floor(r() * 28))}`;
  const lastYear = Number(today.slice(0, 4)) - 1;
  const children: Array<Record<string, unknown>> = [];
  for (let i = 0; i < count; i++) {
    const dari = r() < 0.4;
    // Most children in the organisation's care are girls.
    const female = r() < 0.85;
    const last = pick(dari ? LAST_NAMES_DARI : LAST_NAMES_LATIN);
    const donorLast = pick(LAST_NAMES_LATIN);
    const dob = dateIn(2008, 2019);
    // Admitted after birth (the year after at the earliest) and before this year.
    const admission = dateIn(Math.max(FIRST_ADMISSION_YEAR, Number(dob.slice(0, 4)) + 1), lastYear);
    const guardian = pick(GUARDIAN_RELATIONSHIPS);
    children.push({
      first_name: pick(dari ? (female ? FEMALE_DARI : MALE_DARI) : female ? FEMALE_LATIN : MALE_LATIN),
      last_name: last,
      father_name: pick(dari ? MALE_DARI : MALE_LATIN),
      grandfather_name: pick(dari ? MALE_DARI : MALE_LATIN),
      school_id_number: `SCH-${2000 + i}`,
      identity_card_number: `${1395 + Math.floor(r() * 8)}-0${Math.floor(r() * 1e7)}`,
      dob,
      gender: female ? 'female' : 'male',
      blood_group: pick(['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+']),
      class_grade: pick(GRADES),
      phone_number: `07${Math.floor(10_000_000 + r() * 89_999_999)}`,
      address: `District ${1 + Math.floor(r() * 22)}, ${pick(PROVINCES)}, Afghanistan`,
      guardian_name: `${pick(guardian.female ? FEMALE_LATIN : MALE_LATIN)} ${last}`,
      guardian_contact: `07${Math.floor(10_000_000 + r() * 89_999_999)}`,
      guardian_relationship: guardian.relationship,
      responsible_person: pick(['Hamida Rahimi', 'Laila Karimi']),
      admission_date: admission,
      status: r() < 0.88 ? 'active' : pick(['inactive', 'graduated']),
      medical_condition: r() < 0.8 ? 'Healthy' : pick(MEDICAL_CONDITIONS),
      total_income: (Math.floor(r() * 60_000) / 100).toFixed(2),
      total_expenses: (Math.floor(r() * 45_000) / 100).toFixed(2),
      income_source: pick(['Sponsorship', 'Family support', 'Community donation']),
      donor_name: pick(FEMALE_LATIN.concat(MALE_LATIN)),
      donor_last_name: donorLast,
      donor_email: `${donorLast.toLowerCase()}.${i}@donors.example.org`,
      notes: r() < 0.5 ? 'Attends the school every day; follow up on winter clothing.' : '',
      profile: { hobbies: pick(HOBBIES), talents: pick(TALENTS), special_needs: r() < 0.1 ? 'Needs glasses' : '' },
    });
  }
  return children;
}
