/** What the orphan calls answer (spec sections 3 and 7). Money travels as decimal strings. */

export interface OrphanProfile {
  hobbies: string | null;
  talents: string | null;
  special_needs: string | null;
}

/** One row of the paged list: only what the table shows. */
export interface OrphanListItem {
  id: number;
  first_name: string;
  last_name: string;
  father_name: string | null;
  grandfather_name: string | null;
  dob: string | null;
  gender: string | null;
  class_grade: string | null;
  admission_date: string | null;
  status: string | null;
  photo_thumb_url: string | null;
}

/** A trashed child: the list row plus when it was deleted. */
export interface TrashedOrphan extends OrphanListItem {
  deleted_at?: string | null;
}

export interface Orphan {
  id: number;
  first_name: string;
  last_name: string;
  father_name: string | null;
  grandfather_name: string | null;
  school_id_number: string | null;
  identity_card_number: string | null;
  dob: string | null;
  gender: string | null;
  blood_group: string | null;
  class_grade: string | null;
  phone_number: string | null;
  family_contact_number: string | null;
  contact_info: string | null;
  address: string | null;
  guardian_name: string | null;
  guardian_contact: string | null;
  guardian_relationship: string | null;
  responsible_person: string | null;
  admission_date: string | null;
  status: string | null;
  medical_condition: string | null;
  total_income: string | null;
  total_expenses: string | null;
  income_source: string | null;
  donor_name: string | null;
  donor_last_name: string | null;
  donor_email: string | null;
  donor_address: string | null;
  notes: string | null;
  profile: OrphanProfile | null;
  profile_photo_url: string | null;
  profile_photo_thumb_url: string | null;
  created_at?: string;
  updated_at?: string;
}

/** The list's query: empty values are left out of the request. */
export interface OrphanListParams {
  page: number;
  per_page: number;
  search?: string;
  class_grade?: string;
  gender?: string;
  admission_from?: string;
  admission_to?: string;
  sort?: string;
}

export interface OrphanSaveResponse {
  message: string;
  data: Orphan;
}
