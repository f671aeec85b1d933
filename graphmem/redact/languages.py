"""The words for password, secret key and token in the languages translation services offer.

Where the list comes from: the languages Google Translate offered in 2023 (133, its list of
supported languages) and large Wikipedias it lacked (Faroese, Breton, Tatar), each with the word
its login forms use for "password", in its own script and in the romanisation people type.
Checked against localisation files where one was found (Firefox's `pippki.ftl` and
`preferences.ftl`, Moodle, MediaWiki, Meteor's accounts-t9n: Khmer, Malagasy, Maori,
Kinyarwanda, Breton, Marathi, Bambara, Greek, Arabic, Persian, Vietnamese, Indonesian); the
others are from what the language's own software shows and were not each verified. Languages
that borrowed English's word (Cebuano, Filipino, Maltese, Shona …) need nothing here: `password`
is read everywhere; some languages of the list have no entry (Aymara, Guarani, Ilocano, Krio,
Lingala, Luganda, Mizo, Quechua, Twi): their speakers' software shows English's or French's word.
Regional and smaller languages where a word of their own is in use (Low German, Limburgish,
Cornish, Kabyle, Ewe, Tsonga, Nahuatl, K'iche', Tahitian) have it too. Inflection: a suffix of up
to four letters is read by ``names._inflected``.

Left out on purpose, because they also mean something harmless: a bare "secret" (`sirri`,
`siri`, `huna`, `秘密`), "code" (`kod`, `codice`), "word" (`parola`, `kalma`), the Bengali
and Assamese "key" (`কী`, which also means "what"). Those count only inside their phrase
(`kalmar sirri`, "word of secret"), which ``PASSWORD_PHRASES`` holds.
"""

# ruff: noqa: RUF001  (the words of other scripts are the point)
from __future__ import annotations

# One word for password, lower-case (a name is matched lower-cased, joiners dropped).
PASSWORDS = frozenset(
    # Europe
    "passwort kennwort motdepasse contraseña contrasena senha wachtwoord lösenord losenord "
    "salasana hasło haslo heslo jelszó jelszo parool passord adgangskode kodeord geslo lozinka "
    "zaporka contrasenya slaptažodis slaptazodis lykilorð lykilord fjalëkalim fjalekalim "
    "fjalëkalimi κωδικός συνθηματικό wagwoord парола лозинка пароль гасло salasõna salasona "
    "cyfrinair pasfhocal pasahitza contrasinal wachtwurd passwuert pasvorto "
    "parolă loyniorð loyniord tessera passwoort passwoord wachwoord "
    # Caucasus, Central and West Asia
    "პაროლი գաղտնաբառ şifrə sifre şifre parol құпиясөз сырсөз серсүз парол "
    "açarsöz acarsoz пароль סיסמה סיסמא פאַסווארט פאסווארט פּאַראָל פאראל گذرواژه پسورد پټنوم "
    "پاسورڊ پارول şîfre "
    # South and Southeast Asia
    "पासवर्ड कूटशब्द संकेतशब्द پاسورڈ پاسوورڈ পাসওয়ার্ড পাছৱৰ্ড গুপ্তশব্দ "
    "ਪਾਸਵਰਡ પાસવર્ડ ପାସୱାର୍ଡ கடவுச்சொல் పాస్వర్డ్ ಪಾಸ್ವರ್ಡ್ ಗುಪ್ತಪದ പാസ്‌വേഡ് പാസ്വേഡ് "
    "මුරපදය ޕާސްވޯޑް รหัสผ่าน ລະຫັດຜ່ານ ពាក្យសម្ងាត់ စကားဝှက် sandi sandinya "
    "laluan khẩu sandhi "
    # East Asia
    "密码 密碼 口令 パスワード 暗証番号 비밀번호 암호 패스워드 "
    # Africa and the Pacific
    "nenosiri nywila iphasiwedi okwuntughe phasewete tenimiafina kupuhipa modpas ijambobanga "
    "katasandi លេខសម្ងាត់ nyaɣaɣla phasiwedi".split()
)

# Words that name a password only together (a name is otherwise read back to its last word):
# "word of passing", "secret word", "password" written as two words.
PASSWORD_PHRASES = (
    "mot de passe",  # French
    "mo de pas",  # Haitian Creole (also `modpas`)
    "kata sandi",  # Indonesian
    "kata laluan",  # Malay
    "kata sandhi",  # Javanese
    "kecap akses",  # Sundanese
    "kecap konci",
    "mật khẩu",  # Vietnamese
    "mat khau",
    "kalmar sirri",  # Hausa: "word of secret"
    "kalmar wucewa",  # Hausa: "word of passing"
    "mawu achinsinsi",  # Chichewa
    "ijambo ry'ibanga",  # Kinyarwanda
    "igama lokugqitha",  # Xhosa
    "erayga sirta",  # Somali
    "jecha darbii",  # Oromo
    "lo lus zais",  # Hmong
    "ʻōlelo huna",  # Hawaiian
    "gundo kɔdi",  # Bambara
    "ger-tremen",  # Breton (hyphenated words are read as their words)
    "facal-faire",  # Scots Gaelic
    "palavra-passe",  # Portuguese (Portugal)
    "mung me donyo",  # Acholi
    "upu faataga",  # Samoan
    "lea fufū",  # Tongan: "hidden word"
    "lea fufu",
    "مەخپىي نومۇر",  # Uyghur: "secret number", and with its possessive ending
    "مەخپىي نومۇرى",
    "parola d'ordine",  # Italian, Corsican
    "parolla d'ordine",
    "kelma sigrieta",  # Maltese
    "palavra passe",  # Portuguese, with a blank
    "нууц үг",  # Mongolian: "secret word"
    "құпия сөз",  # Kazakh, with a blank
    "açar sözi",  # Turkmen
    "acar sozi",
    "пароль доступу",
    "كلمة المرور",  # Arabic: "word of passing"
    "كلمة السر",  # Arabic: "word of the secret"
    "رمز المرور",
    "رمز عبور",  # Persian
    "پاس ورڈ",  # Urdu: "pass word"
    "وشەی نهێنی",  # Sorani Kurdish
    "የይለፍ ቃል",  # Amharic: "word of passing"
    "ger-tremena",  # Cornish
    "awal uffir",  # Kabyle: "hidden word"
    "ichtaca tlahtolli",  # Nahuatl: "secret word"
    "ewan tzij",  # K'iche': "hidden word"
    "parau huna",  # Tahitian: "secret word"
)

# "Key", to judge `API-Schlüssel`, `clé API` as `API key` is judged (a lone key names anything:
# only random values).
KEYS = frozenset(
    "schlüssel schluessel schlëssel sleutel kaai nøgle nogle nyckel avain kulcs klucz klíč klic "
    "kľúč ключ ключа кључ clave chiave chave clé cle clau cheie anahtar anahtarı kunci 密钥 密鑰 "
    "키 キー raktas rakto atslēga atslega võti voti lykill çelës celes ključ kljuc κλειδί מפתח "
    "مفتاح کلید कुंजी բանալի გასაღები ufunguo khóa allwedd eochair gakoa ŝlosilo slosilo açar "
    "кілт kalit түлхүүр ukhiye maɓalli ቁልፍ விசை යතුර ກະແຈ កូនសោ คีย์ susi ċavetta".split()
)

# "Token" where it is not the English word: only generated values, as TOKEN names.
TOKENS = frozenset("令牌 トークン 토큰 токен токена टोकन توکن رمزية".split())
