"""English words for the Chinese terms of a Flink user's question, for the lexical pass.

The corpus has no Chinese version, so BM25 matches a Chinese question only through its
identifiers ("MySQL", "CDC"); "字符集" (character set) or "乱码" (garbled text) count for nothing,
and the small multilingual e5 model reads them weakly. The question's Chinese terms are looked up
here and their English words are added to what BM25 reads (and, for a one-line question, to what
the abstention features read). The dense query is left as typed: e5 reads Chinese itself, and with
the English words added to it one question of the Chinese set lost its first place (docs/eval.md).

The list is general vocabulary of stream processing and of this product, written from the
terminology of Flink's Chinese documentation, not from any evaluation question.
"""

from __future__ import annotations

import re

# term -> English words (stems are taken by the English tokenizer downstream)
ZH_TERMS: dict[str, str] = {
    # data and encoding
    "字符集": "character set charset",
    "编码": "encoding charset",
    "乱码": "garbled encoding charset",
    "中文": "chinese characters",
    "问号": "question marks",
    "表情": "emoji",
    "时区": "time zone",
    "时间戳": "timestamp",
    "精度": "precision",
    "类型": "type",
    "字段": "field column",
    "嵌套": "nested",
    "数组": "array",
    "空值": "null",
    "为空": "null empty",
    "主键": "primary key",
    "无符号": "unsigned",
    # tables and jobs
    "源表": "source table",
    "结果表": "sink result table",
    "维表": "dimension table lookup",
    "维度表": "dimension table lookup",
    "目标表": "sink table",
    "下游": "downstream sink",
    "上游": "upstream source",
    "作业": "job",
    "任务": "job task",
    "算子": "operator",
    "并发": "parallelism",
    "并行度": "parallelism",
    "窗口": "window",
    "滚动窗口": "tumble window",
    "水位线": "watermark",
    "水印": "watermark",
    "事件时间": "event time",
    "处理时间": "processing time",
    "乱序": "out of order",
    "迟到": "late",
    "聚合": "aggregation aggregate",
    "去重": "deduplicate duplicate",
    "关联": "join",
    "双流": "join stream",
    "状态": "state",
    "状态后端": "state backend",
    "快照": "snapshot",
    "检查点": "checkpoint",
    "保存点": "savepoint",
    "重启": "restart",
    "启动": "start startup",
    "恢复": "restore recover",
    "全量": "full snapshot",
    "增量": "incremental",
    "表结构": "schema",
    "变更": "change",
    "整库同步": "database synchronization create database as",
    "分库分表": "sharding database tables",
    "分区": "partition",
    "分片": "split chunk",
    "分桶": "bucket",
    "主题": "topic",
    "消费": "consume consumer",
    "消费组": "consumer group",
    "生产者": "producer",
    "偏移量": "offset",
    "位点": "offset position",
    "提交": "commit",
    "写入": "write",
    "读取": "read",
    "删除": "delete",
    "更新": "update",
    "插入": "insert",
    "回撤": "retraction",
    "合并": "merge compaction",
    "压缩": "compression compaction",
    "小文件": "small files",
    "过期": "expire expiration",
    "批量": "batch",
    "攒批": "batch buffer flush",
    "缓存": "cache",
    # symptoms
    "报错": "error",
    "错误": "error",
    "异常": "exception",
    "失败": "failed failure",
    "超时": "timeout",
    "连接": "connection connect",
    "连不上": "connect connection",
    "网络": "network",
    "权限": "permission",
    "没有数据": "no data",
    "没数据": "no data",
    "无数据": "no data",
    "没有输出": "no output",
    "不输出": "no output",
    "丢数据": "data loss",
    "数据丢失": "data loss",
    "重复": "duplicate",
    "延迟": "latency delay",
    "反压": "backpressure",
    "背压": "backpressure",
    "内存": "memory",
    "磁盘": "disk",
    "慢": "slow",
    "卡住": "stuck",
    "不一致": "inconsistent",
    "不准": "inaccurate",
    "心跳": "heartbeat",
    "死锁": "deadlock",
    "日志": "log",
    "配置": "configuration configure",
    "参数": "parameter option",
    "依赖": "dependency",
    "驱动": "driver",
    "自定义": "custom",
    "函数": "function",
    "语法": "syntax",
    "校验": "validation",
}

_HAN_RE = re.compile(r"[\u4e00-\u9fff]")
# longest first, so "滚动窗口" is read before "窗口" and its characters are not counted twice
_TERM_RE = re.compile("|".join(re.escape(t) for t in sorted(ZH_TERMS, key=len, reverse=True)))


def english_terms(text: str) -> str:
    """The English words for the Chinese terms of the text ('' when it has none)."""
    if not _HAN_RE.search(text):
        return ""
    seen: list[str] = []
    for m in _TERM_RE.finditer(text):
        words = ZH_TERMS[m.group(0)]
        if words not in seen:
            seen.append(words)
    return " ".join(seen)
