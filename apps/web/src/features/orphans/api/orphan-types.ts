/** The list's query (spec section 7): empty values are left out of the request by the api client. */
export interface OrphanListParams {
  page: number;
  per_page: number;
  search?: string;
  class_grade?: string;
  gender?: string;
  admission_from?: string;
  admission_to?: string;
  site_id?: string;
  sort?: string;
}
