// Context words: what makes a bare number a phone, a card, an SSN or a national id, or
// rules it out. Each recogniser names the set it needs.

export const BIRTH =
  /(\bd\.?o\.?b\b\.?|birth|born|\bgeboren|geburt|naissance|\bn[ée]e? le\b|nacimiento|nacid[oa]|nascimento|nascid[oa]|nascita|\bnat[oa] il\b|生年月日|誕生日|生まれ)[^.\n]{0,40}$/i;

/** Words that make a number a phone number: before it in the text, or the field's name. */
export const PHONE_CONTEXT =
  /(phone|\b(?:my|your|his|her|our|their) (?:[\w-]+ )?number\b|\btel\b|tel\.telephone|mobile|\bmob\b|\bcell|\bcall|\bfax|whats ?app|\bsms\b|\btext me|reach|\bdial|\bring\b|contact|telefon|t[ée]l[ée]phone|appel|ll[aá]m|\brufen|anrufen|chiama|ligue|ligar|tel[ée]fono|telefone|celular|m[óo]vil|handy|portable|cellulare|電話|携帯|msisdn)/i;
/** Phone words right before the number (`phone: `, `phone number is `): strong enough for short local numbers. */
export const PHONE_RIGHT_BEFORE =
  /(phone|\btel\b|mobile|\bcell|\bfax|telefon|t[ée]l[ée]phone|tel[ée]fono|telefone|celular|handy|portable|cellulare)(?: ?(?:number|no\.?|nr\.?|#))?(?: is)?\W{0,3}$/i;
/** Words that make a number something else (an order, an invoice, a tracking or postal code). */
export const NOT_PHONE_CONTEXT =
  /(order|invoice|\bref\b|reference|tracking|ticket|\bid\b|\bno\.?|\bnr\.?|#|\bzip|postal|\bplz\b|postcode|isbn|serial|version|build|bestell|rechnung|commande|facture|pedido|factura|account|\bacct|iban|amount|total|price|timestamp|epoch|expires?|max-age)\W{0,3}$/i;
/** An identity document or account named right before the number: it is that, never a phone. */
export const ID_DOCUMENT_BEFORE =
  /(\bssn|social security(?: number)?|licen[cs]e|passport|aadh?a?ar|\bpan\b|\btin\b|tax id|\bnin\b|\bnino\b|national (?:id|insurance)|voter id|account|routing|card)(?: ?(?:number|no\.?|#|id))?\W{0,3}$/i;
export const NATIONAL_ID_CONTEXT =
  /(national|insurance|\bnhs\b|\btfn\b|tax|pesel|\bdni\b|\bnie\b|\bnif\b|\bid\b|identity|identifica|aadhaar|aadhar|uidai|personal|citizen|itin|\bcpf\b|\bnin\b)/i;
export const CARD_CONTEXT =
  /(card|credit|debit|visa|master|amex|discover|\bjcb\b|diners|maestro|unionpay|rupay|\bmir\b|\bpan\b|\bcc\b|payment|\bpay|charge|karte|carte|tarjeta|cart[ãa]o|カード)/i;
export const SSN_CONTEXT = /(ssn|social security|soc\.? ?sec|\bss ?#|\bsocial\b)/i;
/** Shell, URL and injection markers: an IP right after one is part of a payload, not a person's address. */
export const PAYLOAD_BEFORE_IP =
  /(curl|wget|ping|\bnc\b|netcat|bash|\bsh\b|powershell|nslookup|dig|ftp|tftp|:\/\/|[;|`&]|\$\(|\.\.\/|select|union|<script|@)[^\n]{0,24}$/i;
