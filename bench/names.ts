/** Afghan names in Latin and Dari script, for the benchmark's 100,000 children. */

// Index i of each Latin list is the same name as index i of its Dari list.
export const LAST_NAMES_LATIN = [
  'Ahmadi', 'Karimi', 'Rahimi', 'Hakimi', 'Popal', 'Barakzai', 'Durrani', 'Sultani', 'Noori', 'Haidari',
  'Rezaei', 'Mohammadi', 'Hashimi', 'Sadat', 'Wardak', 'Stanikzai', 'Amiri', 'Azizi', 'Habibi', 'Jalali',
  'Kakar', 'Mansoori', 'Naseri', 'Qaderi', 'Rasuli', 'Safi', 'Samadi', 'Sharifi', 'Yousufzai', 'Zahiri',
  'Alokozay', 'Faizi', 'Ghani', 'Hotak', 'Ibrahimi', 'Jamshidi', 'Khalili', 'Latifi', 'Mirzad', 'Nazari',
  'Omari', 'Popalzai', 'Qasimi', 'Rahmani', 'Saberi', 'Tajik', 'Usmani', 'Wahidi', 'Yaqubi', 'Zaheer',
];
export const LAST_NAMES_DARI = [
  'احمدی', 'کریمی', 'رحیمی', 'حکیمی', 'پوپل', 'بارکزی', 'درانی', 'سلطانی', 'نوری', 'حیدری',
  'رضایی', 'محمدی', 'هاشمی', 'سادات', 'وردک', 'ستانکزی', 'امیری', 'عزیزی', 'حبیبی', 'جلالی',
  'کاکړ', 'منصوری', 'ناصری', 'قادری', 'رسولی', 'صافی', 'صمدی', 'شریفی', 'یوسفزی', 'ظاهری',
  'الکوزی', 'فیضی', 'غنی', 'هوتک', 'ابراهیمی', 'جمشیدی', 'خلیلی', 'لطیفی', 'میرزاد', 'نظری',
  'عمری', 'پوپلزی', 'قاسمی', 'رحمانی', 'صابری', 'تاجیک', 'عثمانی', 'واحدی', 'یعقوبی', 'ظهیر',
];
export const MALE_LATIN = ['Ahmad', 'Mohammad', 'Ali', 'Hamid', 'Farid', 'Jawad', 'Karim', 'Nasir', 'Omid', 'Rahim', 'Samir', 'Wahid', 'Yousuf', 'Zabihullah', 'Bilal', 'Daud', 'Hasan', 'Idris', 'Masood', 'Qasim'];
export const MALE_DARI = ['احمد', 'محمد', 'علی', 'حمید', 'فرید', 'جواد', 'کریم', 'ناصر', 'امید', 'رحیم', 'سمیر', 'وحید', 'یوسف', 'ذبیح‌الله', 'بلال', 'داوود', 'حسن', 'ادریس', 'مسعود', 'قاسم'];
export const FEMALE_LATIN = ['Maryam', 'Fatima', 'Zahra', 'Nadia', 'Parisa', 'Shabnam', 'Sima', 'Laila', 'Mina', 'Roya', 'Sahar', 'Tahmina', 'Zainab', 'Freshta', 'Hila', 'Khadija', 'Nilofar', 'Arezo', 'Mursal', 'Setara'];
export const FEMALE_DARI = ['مریم', 'فاطمه', 'زهرا', 'نادیه', 'پریسا', 'شبنم', 'سیما', 'لیلا', 'مینا', 'رویا', 'سحر', 'تهمینه', 'زینب', 'فرشته', 'هیله', 'خدیجه', 'نیلوفر', 'آرزو', 'مرسل', 'ستاره'];
