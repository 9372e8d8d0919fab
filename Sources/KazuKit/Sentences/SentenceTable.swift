/// Data/sentences.tsv, compiled in: Kazu reads no data files at run time. `SentenceTests` checks
/// that this text is the file, byte for byte; regenerate it with scripts/sentence-table.
extension SentenceFrame {
    static let table = #"""
    # Sentence frames for the sentences skill: the number spoken inside a sentence a learner would hear.
    # columns: id, category, fits (topic ids; for counters, counter names), range (the value's number, clock hour or year; - for any),
    # unit (a counter the engine reads a bare number with; - for none), kana (spoken, {n} the number's reading from the engine,
    # {は} and {へ} the particles, said わ and え), written (as a Japanese reader sees it, {n} the value written), gloss ({n} the value
    # in English, {s} an s unless the number is 1). 、 in the kana is where a speaker pauses. No number is ever typed into a frame.
    id	category	fits	range	unit	kana	written	gloss
    money.register	money	money.conbini money.restaurant	-	-	おかいけい、{n}になります	お会計、{n}になります	Your total comes to {n}.
    money.change	money	money.conbini	-	-	{n}のおかえしです	{n}のお返しです	Here is {n} in change.
    money.altogether	money	money.conbini money.restaurant	-	-	ぜんぶで、{n}です	全部で{n}です	That is {n} altogether.
    money.lunch	money	money.restaurant	800-2000	-	ほんじつのランチ{は}、{n}でございます	本日のランチは{n}でございます	Today's lunch is {n}.
    money.course	money	money.restaurant	3000-6000	-	こちらのコース{は}、{n}でございます	こちらのコースは{n}でございます	This set course is {n}.
    money.rent	money	money.rent	-	-	やちん{は}、つき{n}です	家賃は月{n}です	The rent is {n} a month.
    money.flat	money	money.rent	-	-	こちらのおへや{は}、やちん{n}になります	こちらのお部屋は、家賃{n}になります	The rent for this flat is {n}.
    money.service-charge	money	money.rent	-	-	かんりひこみで、{n}です	管理費込みで{n}です	It is {n} including the service charge.
    money.salary	money	money.salary	-	-	ねんしゅう{は}、{n}をよていしております	年収は{n}を予定しております	The annual salary is planned at {n}.
    money.offer	money	money.salary	-	-	きゅうよ{は}、ねんぽう{n}で、ごていじいたします	給与は年俸{n}でご提示いたします	We offer an annual salary of {n}.
    money.last-year	money	money.salary	-	-	きょねんのねんしゅう{は}、{n}でした	去年の年収は{n}でした	Last year's income was {n}.
    numbers.platform	numbers	number.1-10	-	番	まもなく、{n}せんに、でんしゃがまいります	まもなく、{n}線に電車がまいります	A train is now arriving at platform {n}.
    numbers.bus	numbers	number.1-10 number.1-100	-	番	えきまえから、{n}のバスにのってください	駅前から{n}のバスに乗ってください	Take the number {n} bus from the station.
    numbers.consulting-room	numbers	number.1-10	-	番	{n}のしんさつしつに、おはいりください	{n}の診察室にお入りください	Please go into consulting room {n}.
    numbers.ticket	numbers	number.1-100 number.1-1000	-	番	{n}でおまちのおきゃくさま、まどぐちまでおこしください	{n}でお待ちのお客様、窓口までお越しください	Customer number {n}, please come to the counter.
    numbers.meeting	numbers	number.1-100	3-100	人	きょうのかいぎのしゅっせきしゃ{は}、{n}でした	今日の会議の出席者は{n}でした	{n} people attended today's meeting.
    numbers.bowling	numbers	number.1-1000	30-300	-	ボウリングのスコア{は}、{n}でした	ボウリングのスコアは{n}でした	My bowling score was {n}.
    numbers.village	numbers	number.1-1000 number.1-10000	100-10000	人	このむらのじんこう{は}、{n}です	この村の人口は{n}です	This village has a population of {n}.
    numbers.visitors	numbers	number.1-10000 number.1-100000	-	人	きのうのらいじょうしゃ{は}、{n}でした	昨日の来場者は{n}でした	Yesterday's visitors numbered {n}.
    numbers.town	numbers	number.1-100000	5000-100000	人	このまちのじんこう{は}、やく{n}です	この町の人口は約{n}です	This town has a population of about {n}.
    numbers.country	numbers	number.oku	-	人	このくにのじんこう{は}、やく{n}です	この国の人口は約{n}です	This country has a population of about {n}.
    numbers.sales	numbers	number.oku number.chou	-	円	ことしのうりあげ{は}、{n}になりました	今年の売り上げは{n}になりました	This year's sales came to {n}.
    numbers.budget	numbers	number.chou	-	円	けんのよさん{は}、やく{n}です	県の予算は約{n}です	The prefecture's budget is about {n}.
    numbers.test	numbers	number.1-100	10-100	点	こんかいのテスト{は}、{n}でした	今回のテストは{n}でした	You got {n} on this test.
    numbers.basketball	numbers	number.1-100	2-50	点	きのうのしあいで、かれ{は}{n}をとりました	昨日の試合で、彼は{n}を取りました	He scored {n} point{s} in yesterday's game.
    numbers.forecast	numbers	number.1-100	1-40	度	きょうのさいこうきおん{は}、{n}のよそうです	今日の最高気温は{n}の予想です	Today's high is forecast at {n} degree{s}.
    numbers.morning	numbers	number.1-100	1-25	度	けさのきおん{は}、{n}でした	今朝の気温は{n}でした	This morning it was {n} degree{s}.
    durations.wait	durations	duration.minutes	5-60	-	ただいま、{n}ほど、おまちいただいております	ただいま{n}ほどお待ちいただいております	The wait is currently about {n}.
    durations.shinkansen	durations	duration.hours duration.half-hours duration.hours-minutes	1-5	-	とうきょうまで、しんかんせんで{n}かかります	東京まで新幹線で{n}かかります	It takes {n} to Tokyo by Shinkansen.
    durations.walk	durations	duration.minutes	1-40	-	ここからえきまで、あるいて{n}です	ここから駅まで歩いて{n}です	It takes {n} on foot from here to the station.
    durations.course	durations	duration.hours duration.days duration.weeks duration.months	-	-	このこうざ{は}、ぜんぶで{n}です	この講座は全部で{n}です	This course lasts {n} in all.
    durations.study-abroad	durations	duration.weeks duration.months duration.half-years	-	-	りゅうがく{は}、{n}のよていです	留学は{n}の予定です	The study abroad is planned for {n}.
    durations.repair	durations	duration.minutes duration.hours duration.days duration.weeks duration.half-hours duration.hours-minutes	-	-	しゅうりに{は}、{n}かかります	修理には{n}かかります	The repair will take {n}.
    durations.delay	durations	duration.minutes	1-90	-	でんしゃ{は}、ただいま{n}ほど、おくれております	電車はただいま{n}ほど遅れております	The train is currently running about {n} late.
    durations.lived	durations	duration.months duration.years duration.half-years	0-60	-	{n}、にほんにすんでいました	{n}、日本に住んでいました	I lived in Japan for {n}.
    durations.bridge	durations	duration.years	-	-	このはし{は}、{n}つかわれてきました	この橋は{n}使われてきました	This bridge has been in use for {n}.
    durations.flight	durations	duration.hours duration.half-hours duration.hours-minutes	1-15	-	ひこうじかん{は}、やく{n}です	飛行時間は約{n}です	The flight time is about {n}.
    durations.race	durations	duration.seconds duration.hours-minutes-seconds	-	-	タイム{は}、{n}でした	タイムは{n}でした	The time was {n}.
    durations.microwave	durations	duration.seconds	-	-	でんしレンジで、{n}あたためてください	電子レンジで{n}温めてください	Heat it in the microwave for {n}.
    durations.film	durations	duration.half-hours duration.hours-minutes	1-3	-	じょうえいじかん{は}、{n}です	上映時間は{n}です	The film runs {n}.
    durations.warranty	durations	duration.months duration.years duration.half-years	0-10	-	ほしょうきかん{は}、{n}です	保証期間は{n}です	The warranty lasts {n}.
    durations.marathon	durations	duration.hours-minutes-seconds	2-7	-	マラソンのきろく{は}、{n}でした	マラソンの記録は{n}でした	The marathon time was {n}.
    times.departure	dates-and-times	time.hour time.clock time.clock-12	5-23	-	まもなく、{n}はつの、とうきょうゆきが、はっしゃいたします	まもなく、{n}発の東京行きが発車いたします	The {n} train for Tokyo will depart shortly.
    times.now	dates-and-times	time.clock time.clock-12	-	-	ただいまのじこく{は}、{n}です	ただいまの時刻は{n}です	The time is now {n}.
    times.signal	dates-and-times	time.hour-12 time.hour-12-as-24	-	-	{n}を、おしらせします	{n}をお知らせします	It is {n} (the radio time signal).
    times.appointment	dates-and-times	time.hour time.hour-12 time.hour-12-as-24 time.clock time.clock-12	8-20	-	あした、{n}にうかがいます	明日、{n}に伺います	I will call on you tomorrow at {n}.
    times.closing	dates-and-times	time.hour time.hour-12 time.hour-12-as-24 time.clock time.clock-12	17-24	-	えいぎょうじかん{は}、{n}までとなっております	営業時間は{n}までとなっております	We are open until {n}.
    times.opening	dates-and-times	time.hour time.hour-12 time.hour-12-as-24 time.clock time.clock-12	6-11	-	とうてん{は}、{n}からえいぎょうしております	当店は{n}から営業しております	We open at {n}.
    times.alarm	dates-and-times	time.hour time.hour-12 time.hour-12-as-24 time.clock time.clock-12	1-23	-	めざましを、{n}にセットしました	目覚ましを{n}にセットしました	I set the alarm for {n}.
    times.bus-minute	dates-and-times	time.minute	-	-	バス{は}、まいじ{n}にでます	バスは毎時{n}に出ます	The bus leaves every hour at {n}.
    times.meeting-minute	dates-and-times	time.minute	1-59	-	かいぎ{は}、{n}からはじめます	会議は{n}から始めます	The meeting starts at {n}.
    dates.birthday	dates-and-times	date.full	1950-2024	-	わたしのたんじょうび{は}、{n}です	私の誕生日は{n}です	My birthday is {n}.
    dates.daughters-birthday	dates-and-times	date.month date.day date.day-1-10	-	-	むすめのたんじょうび{は}、{n}です	娘の誕生日は{n}です	My daughter's birthday is {n}.
    dates.deadline	dates-and-times	date.day date.day-1-10	-	-	しめきり{は}、こんげつの{n}です	締め切りは今月の{n}です	The deadline is the {n} of this month.
    dates.moving	dates-and-times	date.month date.day date.day-1-10	-	-	ひっこし{は}、{n}のよていです	引っ越しは{n}の予定です	The move is planned for {n}.
    dates.contract	dates-and-times	date.full	2026-2030	-	けいやく{は}、{n}までです	契約は{n}までです	The contract runs until {n}.
    dates.letter	dates-and-times	date.full	1950-2025	-	このてがみ{は}、{n}にとどきました	この手紙は{n}に届きました	This letter arrived on {n}.
    dates.booking	dates-and-times	date.full date.date-time	2026-2030	-	ごよやく{は}、{n}で、うけたまわりました	ご予約は、{n}で承りました	Your booking is confirmed for {n}.
    dates.photo	dates-and-times	date.date-time	1990-2025	-	このしゃしん{は}、{n}にとりました	この写真は{n}に撮りました	I took this photo on {n}.
    dates.built	dates-and-times	date.year-2010-2025 date.year-1950-2030 date.era-year	1868-2026	-	このビル{は}、{n}にたてられました	このビルは{n}に建てられました	This building was built in {n}.
    dates.father-born	dates-and-times	date.year-1950-2030 date.era-year	1940-2000	-	ちち{は}、{n}にうまれました	父は{n}に生まれました	My father was born in {n}.
    dates.new-station	dates-and-times	date.year-1950-2030	2026-2030	-	あたらしいえき{は}、{n}にかんせいするよていです	新しい駅は{n}に完成する予定です	The new station is due to be finished in {n}.
    counters.booking	counters	人	1-10	-	よやく{は}、{n}でおねがいします	予約は{n}でお願いします	A booking for {n}, please.
    counters.tour	counters	人	-	-	ツアーのさんかしゃ{は}、{n}です	ツアーの参加者は{n}です	The tour has {n} participant{s}.
    counters.family	counters	人	2-8	-	うち{は}、{n}かぞくです	うちは{n}家族です	We are a family of {n}.
    counters.apples	counters	個 つ	1-10	-	りんごを、{n}ください	りんごを{n}ください	{n} apple{s}, please.
    counters.eggs	counters	個 つ	1-6	-	たまごを、{n}いれてください	卵を{n}入れてください	Add {n} egg{s}.
    counters.gyoza	counters	個	-	-	ギョーザを、{n}ちゅうもんしました	ギョーザを{n}注文しました	I ordered {n} gyoza.
    counters.beer	counters	本	1-12	-	ビールを、{n}おねがいします	ビールを{n}お願いします	{n} bottle{s} of beer, please.
    counters.trains	counters	本	-	-	きょう{は}、でんしゃが{n}うんきゅうしています	今日は電車が{n}運休しています	{n} train{s} are cancelled today.
    counters.stamps	counters	枚	1-20	-	きってを、{n}ください	切手を{n}ください	{n} stamp{s}, please.
    counters.tickets	counters	枚	1-10	-	おとな、{n}おねがいします	大人{n}お願いします	{n} adult ticket{s}, please.
    counters.copies	counters	枚	-	-	コピーを、{n}おねがいします	コピーを{n}お願いします	Please copy {n} sheet{s}.
    counters.cats	counters	匹	1-10	-	ねこを、{n}かっています	猫を{n}飼っています	I keep {n} cat{s}.
    counters.fish	counters	匹	-	-	いけに、さかなが{n}います	池に魚が{n}います	There are {n} fish in the pond.
    counters.cows	counters	頭	-	-	このぼくじょうに{は}、うしが{n}います	この牧場には牛が{n}います	This farm has {n} cow{s}.
    counters.pigeons	counters	羽	-	-	こうえんに、はとが{n}います	公園に鳩が{n}います	There are {n} pigeon{s} in the park.
    counters.coffee	counters	杯	1-5	-	コーヒーを、{n}おねがいします	コーヒーを{n}お願いします	{n} cup{s} of coffee, please.
    counters.cups-sold	counters	杯	-	-	きょう{は}、コーヒーが{n}うれました	今日はコーヒーが{n}売れました	We sold {n} cup{s} of coffee today.
    counters.library	counters	冊	1-10	-	としょかんで、{n}かりました	図書館で{n}借りました	I borrowed {n} book{s} from the library.
    counters.magazines	counters	冊	-	-	このたなに{は}、ざっしが{n}あります	この棚には雑誌が{n}あります	There are {n} magazine{s} on this shelf.
    counters.department-store	counters	階	1-10	-	おもちゃうりば{は}、{n}でございます	おもちゃ売り場は{n}でございます	Toys are on floor {n}.
    counters.flat	counters	階	-	-	わたしのへや{は}、{n}です	私の部屋は{n}です	My flat is on floor {n}.
    counters.fuji	counters	回	1-10	-	ふじさんに{は}、{n}のぼりました	富士山には{n}登りました	I have climbed Mount Fuji {n} time{s}.
    counters.film	counters	回	-	-	このえいが{は}、{n}みました	この映画は{n}見ました	I have seen this film {n} time{s}.
    counters.birthday	counters	歳	-	-	{n}のたんじょうびを、おいわいしました	{n}の誕生日をお祝いしました	We celebrated turning {n}.
    counters.son	counters	歳	1-40	-	むすこ{は}、{n}になりました	息子は{n}になりました	My son has turned {n}.
    counters.cars	counters	台	-	-	ちゅうしゃじょうに、くるまが{n}とまっています	駐車場に車が{n}止まっています	There are {n} car{s} in the car park.
    counters.computers	counters	台	1-20	-	パソコンを、{n}ちゅうもんしました	パソコンを{n}注文しました	We ordered {n} computer{s}.
    counters.ramen	counters	軒	1-20	-	このとおりに{は}、ラーメンやが{n}あります	この通りにはラーメン屋が{n}あります	There are {n} ramen shop{s} on this street.
    counters.houses	counters	軒	-	-	このむらに{は}、いえが{n}あります	この村には家が{n}あります	There are {n} house{s} in this village.
    counters.socks	counters	足	-	-	くつしたを、{n}かいました	靴下を{n}買いました	I bought {n} pair{s} of socks.
    counters.queue	counters	番	-	-	{n}のかた、まどぐち{へ}どうぞ	{n}の方、窓口へどうぞ	Number {n}, to the counter, please.
    phone.number	phone	phone.mobile phone.landline	-	-	でんわばんごう{は}、{n}です	電話番号は{n}です	The phone number is {n}.
    phone.inquiries	phone	phone.mobile phone.landline	-	-	おといあわせ{は}、{n}まで、おねがいします	お問い合わせは{n}までお願いします	For inquiries, please call {n}.
    phone.contact	phone	phone.mobile phone.landline	-	-	ごれんらくさき{は}、{n}で、よろしいでしょうか	ご連絡先は{n}でよろしいでしょうか	Is {n} the right number to reach you?
    phone.my-mobile	phone	phone.mobile	-	-	わたしのけいたい{は}、{n}です	私の携帯は{n}です	My mobile number is {n}.
    phone.booking	phone	phone.mobile phone.landline	-	-	ごよやく{は}、{n}まで、おでんわください	ご予約は{n}までお電話ください	To book, please call {n}.
    phone.call-back	phone	phone.mobile phone.landline	-	-	おそれいりますが、{n}に、おかけなおしください	恐れ入りますが、{n}におかけ直しください	We are sorry; please call {n} instead.
    phone.read-back	phone	phone.mobile phone.landline	-	-	ばんごうを、くりかえします。{n}ですね	番号を繰り返します。{n}ですね	Let me read the number back: {n}, is that right?
    phone.office	phone	phone.landline	-	-	かいしゃのでんわ{は}、{n}です	会社の電話は{n}です	The office number is {n}.
    phone.fax	phone	phone.landline	-	-	ファックス{は}、{n}です	ファックスは{n}です	The fax number is {n}.
    """#
}
