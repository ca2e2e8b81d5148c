// TransportableAttribute: marks the reference fields the O-operations follow (paper §4.2.2, Figure 5).
namespace System.MP
{
	/// <summary>On a reference field: the O-operations (OSend, OBcast, OScatter, ...) transport the object it
	/// refers to; an unmarked reference field arrives null.  Primitive, struct and string fields always travel.
	/// On a class it documents intent and changes nothing.  The runtime reads the mark once per class and keeps
	/// it in the class's field plan.</summary>
	/// <example><code>
	/// class Node { public int Value; [Transportable] public Node Next; }
	/// </code></example>
	[AttributeUsage (AttributeTargets.Class | AttributeTargets.Field)]
	public sealed class TransportableAttribute : Attribute
	{
		/// <summary>Marks a field (or documents a class); the attribute has no settings.</summary>
		public TransportableAttribute ()
		{
		}
	}
}
