"""Japanese: no corpus version; its terms are read through the glossary (answered in English)."""

from .pack import LanguagePack, frozen
from .scripts import KANA

PACK = LanguagePack(
    code="ja",
    name="Japanese",
    script=KANA,  # kana: Japanese even among kanji
    spaced=False,
    # Japanese writes most of these terms in katakana or with its own kanji
    glossary=frozen(
        {
            "文字コード": "character set charset encoding",
            "文字化け": "garbled encoding charset",
            "日本語": "characters",
            "絵文字": "emoji",
            "タイムゾーン": "time zone",
            "タイムスタンプ": "timestamp",
            "主キー": "primary key",
            "プライマリキー": "primary key",
            "ソーステーブル": "source table",
            "ソース": "source",
            "シンク": "sink",
            "結果テーブル": "sink result table",
            "ディメンションテーブル": "dimension table lookup",
            "ジョブ": "job",
            "並列度": "parallelism",
            "ウィンドウ": "window",
            "ウォーターマーク": "watermark",
            "イベント時間": "event time",
            "チェックポイント": "checkpoint",
            "セーブポイント": "savepoint",
            "再起動": "restart",
            "起動": "start startup",
            "復元": "restore recover",
            "スナップショット": "snapshot",
            "スキーマ": "schema",
            "パーティション": "partition",
            "トピック": "topic",
            "コンシューマー": "consumer",
            "オフセット": "offset",
            "コミット": "commit",
            "書き込": "write",  # 書き込み, 書き込む: the stem reads every form
            "読み込": "read",
            "削除": "delete",
            "更新": "update",
            "重複": "duplicate",
            "データ損失": "data loss",
            "データが出力されない": "no output",
            "出力されない": "no output",
            "出力": "output",
            "遅延": "latency delay",
            "バックプレッシャー": "backpressure",
            "メモリ": "memory",
            "ディスク": "disk",
            "タイムアウト": "timeout",
            "接続": "connection connect",
            "ネットワーク": "network",
            "権限": "permission",
            "エラー": "error",
            "例外": "exception",
            "失敗": "failed failure",
            "設定": "configuration configure",
            "パラメータ": "parameter option",
            "ドライバ": "driver",
            "ハートビート": "heartbeat",
            "デッドロック": "deadlock",
            "検証": "validation",
        }
    ),
    # what a short turn asks of the entry under discussion (a twentieth trial's "間隔はどれくらいにすればいいですか？"
    # got the closest list again, the entry giving the interval unsaid)
    pronoun_patterns=("それ", "その設定", "その値"),
    fix_request_patterns=(
        "(?:どう|どうやって|どのように)(?:解決|修正|直|対処)",
        "解決(?:方法|策)",
        "対処法",
        # "どうすればいいですか？" after the MaxCompute partition entry got its cause first (a twentieth trial)
        "どう(?:すれば|したら)(?:いい|よい|良い)",
    ),
    value_request_patterns=(
        "(?:値|設定値)は(?:いくつ|どれくらい|何)",
        "(?:いくつ|どれくらい|どのくらい)に(?:設定|すれば|したら)",
        "推奨(?:値|設定)",
    ),
    version_words=frozenset({"バージョン"}),  # found inside a run of text (bot/answers/parts_score.py VERSION_MARKS)
    unit_request_patterns=("単位は",),
    cause_request_patterns=(r"^\W*(?:なぜ|どうして)(?:ですか)?\W*$", "原因は(?:何|なん)"),
    code_request_patterns=("(?:SQL|sql|コード|設定)(?:の)?(?:例|サンプル)", "(?:SQL|sql|コード|設定)を見せ"),
    failed_fix_patterns=(
        "(?:まだ|やはり|相変わらず)(?:失敗|エラー|同じ|ダメ)",
        "効果が(?:ない|ありません)",
        "解決しません",
    ),
    examples=frozen(
        {
            "pronoun": ("それはどういう意味？",),
            "fix_request": ("どうやって解決しますか？", "どうすればいいですか？"),
            "value_request": ("間隔はどれくらいにすればいいですか？", "値はいくつですか？"),
            "unit_request": ("単位は秒ですか？",),
            "cause_request": ("なぜですか？", "原因は何ですか？"),
            "code_request": ("SQLの例を見せてください",),
            "failed_fix": ("まだ同じエラーです",),
        }
    ),
    names=("Japanese", "japonais", "japonés"),
    thanks_patterns=(r"ありがとう(?:ございます)?", r"どうも", r"解決しました"),
    acknowledgement_patterns=(r"わかりました", r"了解(?:です)?"),
    greeting_patterns=(r"こんにちは", r"おはようございます"),
)
