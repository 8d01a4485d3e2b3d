/** The profession values a verification request takes (the OpenAPI document's `profession` enum), grouped. */
export const professionGroups = {
  'Physicians and advanced practice': ['physician', 'physician_assistant', 'nurse_practitioner', 'naturopathic_physician', 'podiatrist', 'chiropractor'],
  'Behavioural health': [
    'psychologist',
    'social_worker',
    'counselor',
    'marriage_family_therapist',
    'behavior_analyst',
    'art_therapist',
    'music_therapist',
    'psychiatric_technician',
  ],
  Nursing: [
    'registered_nurse',
    'practical_nurse',
    'clinical_nurse_specialist',
    'nurse_anesthetist',
    'nurse_midwife',
    'public_health_nurse',
    'midwife',
    'nursing_assistant',
    'home_health_aide',
    'medication_aide',
  ],
  'Rehabilitation and therapy': [
    'physical_therapist',
    'physical_therapist_assistant',
    'occupational_therapist',
    'occupational_therapy_assistant',
    'speech_language_pathologist',
    'audiologist',
    'respiratory_therapist',
    'athletic_trainer',
    'exercise_physiologist',
    'massage_therapist',
    'acupuncturist',
  ],
  Dental: ['dentist', 'dental_hygienist', 'dental_assistant'],
  'Pharmacy, vision and diagnostics': [
    'pharmacist',
    'pharmacy_technician',
    'optometrist',
    'optician',
    'radiographer',
    'clinical_laboratory_personnel',
    'genetic_counselor',
    'perfusionist',
    'hearing_instrument_specialist',
  ],
  'Public and community health': [
    'dietitian',
    'emergency_medical',
    'lactation_consultant',
    'community_health_worker',
    'nursing_home_administrator',
    'sanitarian',
  ],
} as const;

export type Profession = (typeof professionGroups)[keyof typeof professionGroups][number];

export const professions: readonly Profession[] = Object.values(professionGroups).flat();

export function isProfession(value: string): value is Profession {
  return (professions as readonly string[]).includes(value);
}

/** A profession value in words: `registered_nurse` → "Registered nurse". */
export function professionLabel(profession: Profession): string {
  const words = profession.replace(/_/g, ' ');
  return words[0]!.toUpperCase() + words.slice(1);
}
