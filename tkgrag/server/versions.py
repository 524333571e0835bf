"""Pinned versions of the managed server. Keep in step with the properties in ``pom.xml``."""

NEO4J_VERSION = "5.26.12"  # Neo4j Community 5.26 LTS
GDS_VERSION = "2.13.9"  # Graph Data Science 2.13: the line built for Neo4j 5.26
BROWSER_VERSION = "5.24.0"  # org.neo4j.client:neo4j-browser
MIN_JAVA = 17
