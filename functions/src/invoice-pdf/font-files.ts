/**
 * The PDF's fonts, as files of their package: IBM Plex Sans Arabic draws Latin and Arabic alike,
 * so one family serves the three languages. Read from node_modules here and in AWS, where the
 * bundle step copies these files into the function's own node_modules (infra/lib/bundling.ts).
 */
export const invoiceFontFiles = {
  regular: '@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf',
  bold: '@expo-google-fonts/ibm-plex-sans-arabic/700Bold/IBMPlexSansArabic_700Bold.ttf',
} as const;
